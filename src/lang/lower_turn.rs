//! Compiling what makes an action and ends a turn or the game: marks
//! (the cell, or a literal word, in the action's notation), the players
//! the rules name, player switches and game ends, each refused where it
//! cannot stand (in a pattern, a `*!` repetition, rules that only end the
//! game).

use super::ast::{Name, Spot};
use super::error::CoreError;
use super::lower::{EndingRules, Env, Lower};
use super::program::{Ending, Op, Who};
use crate::config::validate::suggestion_help;

impl Lower<'_> {
    pub(super) fn mark(&mut self, word: Option<&Name>, at: Spot, env: &Env) {
        if self.in_pattern > 0 {
            let span = self.at(at);
            return self.report(span, |span| CoreError::InPattern {
                what: "a mark",
                span,
            });
        }
        let Some(word) = word else {
            self.push(Op::Mark);
            return;
        };
        // A macro's parameter marks its argument, as the expanded rules
        // print it.
        let Some(word) = self.bound(word, env) else {
            return;
        };
        let word = &word;
        if self.t.board.cell(&word.text).is_some() {
            return self.misplaced(
                word,
                "a cell's name",
                "a marked word must not be a cell name, so that notations read back",
            );
        }
        let w = match self.words.iter().position(|w| *w == word.text) {
            Some(w) => w,
            None => {
                self.words.push(word.text.clone());
                self.words.len() - 1
            }
        };
        self.push(Op::Word(w as u16));
    }

    pub(super) fn player(&mut self, who: &Name, env: &Env) -> Option<Who> {
        let who = self.bound(who, env)?;
        match who.text.as_str() {
            "next" => return Some(Who::Next),
            "me" => return Some(Who::Current),
            _ => {}
        }
        match self.players.iter().position(|p| *p == who.text) {
            Some(p) => Some(Who::Player(p as u8)),
            None => {
                let mut known: Vec<&str> = vec!["next", "me"];
                known.extend(self.players.iter().map(String::as_str));
                let help = suggestion_help(&who.text, "the players are", &known);
                self.unknown("player", &who, help);
                None
            }
        }
    }

    pub(super) fn switch(&mut self, who: &Name, env: &Env) {
        let Some(to) = self.player(who, env) else {
            return;
        };
        if let (Some(which), 0) = (self.ending_only, self.in_pattern) {
            let span = self.at(who.at);
            let what = match which {
                EndingRules::NoMove => {
                    "a player switch (in `no_move_rules`, which only end the game)"
                }
                EndingRules::Repetition => {
                    "a player switch (in `repetition_rules`, which only end the game)"
                }
            };
            return self.report(span, |span| CoreError::InPattern { what, span });
        }
        if self.in_greedy > 0 && self.in_pattern == 0 {
            let span = self.at(who.at);
            return self.report(span, |span| CoreError::InPattern {
                what: "a player switch (in a `*!` repetition)",
                span,
            });
        }
        match self.in_pattern {
            0 => self.push(Op::Switch(to)),
            _ => self.push(Op::SetPlayer(to)),
        };
    }

    pub(super) fn end(&mut self, result: &Name, who: Option<&Name>, env: &Env) {
        if self.in_pattern > 0 || self.in_greedy > 0 {
            let span = self.at(result.at);
            return self.report(span, |span| CoreError::InPattern {
                what: "a game end",
                span,
            });
        }
        let who = match who {
            Some(w) => match self.player(w, env) {
                Some(w) => w,
                None => return,
            },
            None => Who::Current,
        };
        let ending = match result.text.as_str() {
            "win" => Ending::Win(who),
            "lose" => Ending::Lose(who),
            "draw" => Ending::Draw,
            "stop" => Ending::Stop,
            _ => return self.misplaced(result, "not a result", "write `end(win)`, `end(lose)`, `end(draw)` or `end(stop)`, with an optional player: `end(win white)`"),
        };
        self.push(Op::End(ending));
    }
}
