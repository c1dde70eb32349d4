//! Compiling puts (`[stone]`, `[empty]`, `[next stone]`, `[white stone]`)
//! to rows of cell codes, one per mover, and the owners a put or a test
//! may name before a kind.

use super::ast::{Item, Name};
use super::lower::{Env, Lower, intern_row};
use crate::config::validate::suggestion_help;

impl Lower<'_> {
    /// The put row of `[KIND]` or `[empty]`: the mover's piece of the kind.
    pub(super) fn put(&mut self, name: &Name, env: &Env) -> u16 {
        let Some(name) = self.bound(name, env) else {
            return 0;
        };
        let players = self.players.len();
        let codes: Vec<u8> = match self.kind_index(&name) {
            _ if name.text == "empty" => vec![0; players],
            Some(k) => (0..players)
                .map(|p| self.t.code_of(k, Some(p as u8)))
                .collect(),
            None => {
                self.unknown_put_kind(&name);
                vec![0; players]
            }
        };
        intern_row(&mut self.puts, &codes) as u16
    }

    /// The put row of `[OWNER KIND]` (the owner's piece, whoever moves),
    /// or of `[KIND]` when no owner is written.
    pub(super) fn put_item(&mut self, item: &Item, env: &Env) -> u16 {
        let Some(owner) = &item.owner else {
            return self.put(&item.name, env);
        };
        let (Some(owner), Some(name)) = (self.bound(owner, env), self.bound(&item.name, env))
        else {
            return 0;
        };
        let players = self.players.len();
        let owners: Vec<u8> = (0..players as u8)
            .filter_map(|p| self.owner_for(&owner, p))
            .collect();
        let kind = match self.kind_index(&name) {
            Some(k) if self.t.kinds[k].1 => Some(k),
            Some(_) => {
                self.misplaced(
                    &name,
                    "a neutral kind: it has no owner",
                    "write the kind alone: `[KIND]`",
                );
                None
            }
            None if name.text == "empty" => {
                self.misplaced(&name, "an empty cell has no owner", "write `[empty]`");
                None
            }
            None => {
                self.unknown_put_kind(&name);
                None
            }
        };
        if owners.len() != players {
            self.unknown_owner(&owner);
        }
        let codes: Vec<u8> = match kind {
            Some(k) if owners.len() == players => {
                owners.iter().map(|&o| self.t.code_of(k, Some(o))).collect()
            }
            _ => vec![0; players],
        };
        intern_row(&mut self.puts, &codes) as u16
    }

    /// The player `owner` names when `p` moves: `own` (p), `next` (the
    /// next in turn order), `enemy` (the other of two players) or a
    /// player's name; `None` when it names none.
    pub(super) fn owner_for(&self, owner: &Name, p: u8) -> Option<u8> {
        let players = self.players.len();
        match owner.text.as_str() {
            "own" => Some(p),
            "next" => Some(((usize::from(p) + 1) % players) as u8),
            "enemy" if players == 2 => Some(1 - p),
            name => self.players.iter().position(|q| q == name).map(|q| q as u8),
        }
    }

    fn unknown_owner(&mut self, owner: &Name) {
        if owner.text == "enemy" {
            return self.misplaced(
                owner,
                "`enemy` is no one player when the game has more than two",
                "name the owner: `next` or a player (`[red stone]`)",
            );
        }
        let mut known = vec!["own", "next", "enemy"];
        known.extend(self.players.iter().map(String::as_str));
        let help = suggestion_help(&owner.text, "a put's owner may be", &known);
        self.unknown("owner", owner, help);
    }

    pub(super) fn kind_index(&self, name: &Name) -> Option<usize> {
        self.t.kinds.iter().position(|k| k.0 == name.text)
    }

    fn unknown_put_kind(&mut self, name: &Name) {
        let mut known = vec!["empty"];
        known.extend(self.t.kinds.iter().map(|k| k.0.as_str()));
        let help = suggestion_help(&name.text, "`[...]` puts", &known);
        self.unknown("kind", name, help);
    }
}
