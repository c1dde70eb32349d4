//! SFEN's fields after the side to move (a ruleset whose `[fen]` table
//! has `hands`): the pieces in hand, then the move number.

use super::Reader;
use crate::lang::fen::FenPosition;
use crate::lang::fen::error::FenError;
use crate::lang::fen::parse::Word;

impl Reader<'_> {
    /// The hands and the move number; nothing may follow them.
    pub(super) fn sfen_fields(&mut self, fields: &[Word], at: &mut FenPosition) {
        for &(_, slot, min, _) in &self.t.hands {
            at.vars[slot] = min;
            at.vars[slot + 1] = min;
        }
        let mut fields = fields.iter();
        if let Some(hands) = fields.next() {
            self.hands(hands, &mut at.vars);
        }
        if let Some(number) = fields.next() {
            let max = i64::from(u32::MAX / 2);
            at.turn = self.number(number, "move number", 1, max).unwrap_or(1) as u32 - 1;
        }
        if let Some(extra) = fields.next() {
            self.problems.push(FenError::Fields {
                problem: format!("`{}` comes after the move number", extra.text),
                span: extra.span,
            });
        }
    }

    /// `-`, or counts and letters: `2P` two of `P` for the first player,
    /// `b` one of `B` for the second.
    fn hands(&mut self, field: &Word, vars: &mut [i32]) {
        if field.text == "-" {
            return;
        }
        let letters: String = self.t.hands.iter().map(|h| h.0).collect();
        let help = format!(
            "write `-`, or counts and letters of `{letters}` (upper case: the first player's; lower case: the second's), such as `2Pb`"
        );
        let mut count = String::new();
        for c in field.text.chars() {
            if c.is_ascii_digit() {
                count.push(c);
                continue;
            }
            let problem = self.hand(c, &count, vars).err();
            if let Some(problem) = problem {
                self.problems.push(FenError::Hands {
                    field: field.text.to_owned(),
                    problem,
                    help: help.clone(),
                    span: field.span,
                });
                return;
            }
            count.clear();
        }
        if !count.is_empty() {
            self.problems.push(FenError::Hands {
                field: field.text.to_owned(),
                problem: format!("the count `{count}` names no piece"),
                help,
                span: field.span,
            });
        }
    }

    /// Sets the hand of letter `c` to `count` (1 when empty).
    fn hand(&self, c: char, count: &str, vars: &mut [i32]) -> Result<(), String> {
        let upper = c.to_ascii_uppercase();
        let Some(&(_, slot, _, max)) = self.t.hands.iter().find(|h| h.0 == upper) else {
            return Err(format!("`{c}` is no piece that is held in hand"));
        };
        let n: i64 = match count {
            "" => 1,
            digits => digits.parse().unwrap_or(i64::MAX),
        };
        if n < 1 || n > i64::from(max) {
            return Err(format!(
                "{count}{c}: at most {max} of `{upper}` can be held"
            ));
        }
        let player = usize::from(c.is_ascii_lowercase());
        vars[slot + player] = n as i32;
        Ok(())
    }
}
