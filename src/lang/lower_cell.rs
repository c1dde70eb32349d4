//! Compiling the cells the rules name: `goto(a1)`, and `{@ a1, d1:f3}`
//! tests of the cursor's cell (a range's corners may be places of the
//! board's drawing that are not cells).

use super::ast::Name;
use super::lower::{Env, Lower};
use super::program::Op;
use crate::config::validate::suggestion_help;

impl Lower<'_> {
    /// `goto(a1)`: the cursor to the cell named.
    pub(super) fn goto(&mut self, cell: &Name, env: &Env) {
        if let Some(c) = self.cell(cell, env) {
            self.push(Op::Goto(c));
        }
    }

    /// The cell `name` (a parameter's argument) names; `None`, reported,
    /// when no cell has that name.
    fn cell(&mut self, name: &Name, env: &Env) -> Option<u16> {
        let name = self.bound(name, env)?;
        let cell = self.t.board.cell(&name.text);
        if cell.is_none() {
            let near: Vec<&str> = self.t.board.names.iter().map(String::as_str).collect();
            let help = suggestion_help(
                &name.text,
                "cells are named like",
                &near[..near.len().min(4)],
            );
            self.unknown("cell", &name, help);
        }
        cell
    }

    /// `{@ a1, h8}`: a test that the cursor is on one of the cells (a
    /// range `d1:f3`: every cell whose column and row lie between the
    /// two corners', places of the board's drawing that need not be
    /// cells: a hole, a graph's empty place).
    pub(super) fn at_test(&mut self, cells: &[(Name, Option<Name>)], env: &Env) {
        let mut set: Vec<u16> = Vec::new();
        for (first, last) in cells {
            match last {
                None => set.extend(self.cell(first, env)),
                Some(last) => {
                    let (a, b) = (self.place(first, env), self.place(last, env));
                    set.extend(
                        a.zip(b)
                            .map(|(a, b)| self.t.board.rectangle(a, b))
                            .unwrap_or_default(),
                    );
                }
            }
        }
        set.sort_unstable();
        set.dedup();
        let index = match self.at_sets.iter().position(|s| *s == set) {
            Some(i) => i,
            None => {
                self.at_sets.push(set);
                self.at_sets.len() - 1
            }
        };
        self.push(Op::At(index as u16));
    }

    /// The grid place (column, row) `name` names, a cell or not (a range's
    /// corner may be a hole); `None`, reported, when it names none.
    fn place(&mut self, name: &Name, env: &Env) -> Option<(u16, u16)> {
        let bound = self.bound(name, env)?;
        let b = &self.t.board;
        match super::board::place_named(&bound.text, b.width, b.height) {
            Some(place) => Some(place),
            None => self.cell(name, env).map(|c| b.xy[usize::from(c)]),
        }
    }
}
