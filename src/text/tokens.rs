//! Reading input as white-space separated tokens, or as lines, safely:
//! any bytes, any line length, bounded memory.

use std::io::{self, BufRead};

use crate::contract::InputUnit;

/// The longest token kept; longer ones are cut (they are invalid anyway).
pub const MAX_TOKEN: usize = 64;

/// The most tokens [`Tokens::next_input`] joins into one input.
pub const MAX_JOINED: usize = 32;

/// The longest line kept when input is read by lines.
pub const MAX_LINE: usize = 256;

/// Reads tokens separated by ASCII white space (or lines, with their
/// surrounding white space trimmed and empty ones skipped) from a
/// buffered reader.
pub struct Tokens<R> {
    reader: R,
    unit: InputUnit,
    /// A token read ahead by [`Tokens::next_input`] and not joined.
    pending: Option<Token>,
}

/// One token: its bytes (at most [`MAX_TOKEN`]) and whether it was cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The token's first bytes.
    pub bytes: Vec<u8>,
    /// Whether the token was longer than [`MAX_TOKEN`].
    pub truncated: bool,
    /// Whether the line end came right after the token (or input ended).
    pub ended_line: bool,
}

impl Token {
    /// The token without trailing white space (lines end in `\r` or
    /// spaces; a token never holds any).
    fn trimmed(mut self) -> Token {
        while self.bytes.last().is_some_and(u8::is_ascii_whitespace) {
            self.bytes.pop();
        }
        self
    }

    /// The token as text, if it is short and valid UTF-8.
    pub fn text(&self) -> Option<&str> {
        if self.truncated {
            return None;
        }
        std::str::from_utf8(&self.bytes).ok()
    }
}

impl<R: BufRead> Tokens<R> {
    /// Tokens from `reader`.
    pub fn new(reader: R) -> Tokens<R> {
        Tokens::with_unit(reader, InputUnit::Tokens)
    }

    /// Tokens or lines from `reader`, as `unit` says.
    pub fn with_unit(reader: R, unit: InputUnit) -> Tokens<R> {
        Tokens {
            reader,
            unit,
            pending: None,
        }
    }

    /// The next token, `Ok(None)` at end of input.
    pub fn next_token(&mut self) -> io::Result<Option<Token>> {
        if let Some(token) = self.pending.take() {
            return Ok(Some(token));
        }
        if self.unit == InputUnit::ExactLines {
            return self.next_exact_line();
        }
        let mut token = Token {
            bytes: Vec::new(),
            truncated: false,
            ended_line: true,
        };
        let mut started = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                return Ok(started.then(|| token.trimmed()));
            }
            let (used, finished) = scan(self.unit, buffer, &mut token, &mut started);
            self.reader.consume(used);
            if finished {
                return Ok(Some(token.trimmed()));
            }
        }
    }

    /// The next input: the next token, joined by one space with the
    /// tokens after it on the same line while `joins` says the words so
    /// far and the next are one action typed with its parts apart (`a2
    /// a4`, `a3 c5 e7`); a token it does not join is the next input's
    /// first. At most [`MAX_JOINED`] tokens join. Lines are returned as
    /// [`Tokens::next_token`] returns them.
    ///
    /// ```
    /// use relic::text::Tokens;
    /// let mut tokens = Tokens::new(&b"a2 a4 b7-b6\nc2\nc3 c4 c5 c6 d1"[..]);
    /// let squares = |word: &str, next: &str| word.starts_with(['a', 'c']) && next.len() == 2;
    /// let mut seen = Vec::new();
    /// while let Some(token) = tokens.next_input(squares).unwrap() {
    ///     seen.push(token.text().unwrap().to_owned());
    /// }
    /// assert_eq!(seen, ["a2 a4", "b7-b6", "c2", "c3 c4 c5 c6 d1"]);
    /// ```
    pub fn next_input(&mut self, joins: impl Fn(&str, &str) -> bool) -> io::Result<Option<Token>> {
        let Some(mut input) = self.next_token()? else {
            return Ok(None);
        };
        let mut words = 1;
        while self.unit == InputUnit::Tokens && words < MAX_JOINED {
            if input.ended_line || !self.more_on_line()? {
                break;
            }
            let Some(next) = self.next_token()? else {
                break;
            };
            let joined = match (input.text(), next.text()) {
                (Some(word), Some(after)) => joins(word, after),
                _ => false,
            };
            if !joined {
                self.pending = Some(next);
                break;
            }
            input.bytes.push(b' ');
            input.bytes.extend_from_slice(&next.bytes);
            input.ended_line = next.ended_line;
            words += 1;
        }
        Ok(Some(input))
    }

    /// Whether another token follows on the current line (white space
    /// before it is skipped; the line end is left for the next token).
    fn more_on_line(&mut self) -> io::Result<bool> {
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let Some(&byte) = buffer.first() else {
                return Ok(false);
            };
            if byte == b'\n' || !byte.is_ascii_whitespace() {
                return Ok(byte != b'\n');
            }
            self.reader.consume(1);
        }
    }
}

/// Reads `buffer` into `token` up to the end of a token or line (`unit`),
/// skipping white space before it (`started`: whether the token has begun);
/// bytes past the limit mark it truncated. The bytes used, and whether the
/// token ended.
fn scan(unit: InputUnit, buffer: &[u8], token: &mut Token, started: &mut bool) -> (usize, bool) {
    let max = match unit {
        InputUnit::Tokens => MAX_TOKEN,
        InputUnit::Lines | InputUnit::ExactLines => MAX_LINE,
    };
    for (used, &byte) in buffer.iter().enumerate() {
        let ends = match unit {
            InputUnit::Tokens => byte.is_ascii_whitespace(),
            InputUnit::Lines | InputUnit::ExactLines => byte == b'\n',
        };
        if ends && *started {
            token.ended_line = byte == b'\n';
            return (used + 1, true);
        }
        if ends || (!*started && byte.is_ascii_whitespace()) {
            continue;
        }
        *started = true;
        if token.bytes.len() < max {
            token.bytes.push(byte);
        } else {
            token.truncated = true;
        }
    }
    (buffer.len(), false)
}

impl<R: BufRead> Tokens<R> {
    /// The next line exactly as typed (without `\n` and a CR before it),
    /// `Ok(None)` at end of input; a last line without a line end counts.
    fn next_exact_line(&mut self) -> io::Result<Option<Token>> {
        let mut token = Token {
            bytes: Vec::new(),
            truncated: false,
            ended_line: true,
        };
        let mut started = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                return Ok(started.then_some(token));
            }
            started = true;
            let end = buffer.iter().position(|&b| b == b'\n');
            let taken = &buffer[..end.unwrap_or(buffer.len())];
            let room = MAX_LINE.saturating_sub(token.bytes.len());
            token.truncated |= taken.len() > room;
            token
                .bytes
                .extend_from_slice(&taken[..taken.len().min(room)]);
            let used = end.map_or(buffer.len(), |at| at + 1);
            self.reader.consume(used);
            if end.is_some() {
                if token.bytes.last() == Some(&b'\r') && !token.truncated {
                    token.bytes.pop();
                }
                return Ok(Some(token));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_any_white_space() {
        let mut tokens = Tokens::new(&b"  r n4\te\r\n\r\ndone"[..]);
        let mut seen = Vec::new();
        while let Some(token) = tokens.next_token().unwrap() {
            seen.push(token.text().unwrap().to_owned());
        }
        assert_eq!(seen, ["r", "n4", "e", "done"]);
    }

    #[test]
    fn long_tokens_are_cut_and_flagged() {
        let long = vec![b'a'; 10_000];
        let mut tokens = Tokens::new(&long[..]);
        let token = tokens.next_token().unwrap().unwrap();
        assert!(token.truncated);
        assert_eq!(token.bytes.len(), MAX_TOKEN);
        assert_eq!(token.text(), None);
    }

    #[test]
    fn exact_lines_keep_blanks_and_empty_lines() {
        let mut lines = Tokens::with_unit(&b" w\r\n\n\r\ni Potion"[..], InputUnit::ExactLines);
        let mut seen = Vec::new();
        while let Some(line) = lines.next_token().unwrap() {
            seen.push(line.text().unwrap().to_owned());
        }
        assert_eq!(seen, [" w", "", "", "i Potion"]);
    }

    #[test]
    fn lines_are_trimmed_and_empty_ones_skipped() {
        let mut lines = Tokens::with_unit(&b"  use key \r\n\n\t\nnorth"[..], InputUnit::Lines);
        let mut seen = Vec::new();
        while let Some(line) = lines.next_token().unwrap() {
            seen.push(line.text().unwrap().to_owned());
        }
        assert_eq!(seen, ["use key", "north"]);
    }
}
