//! Reading input as white-space separated tokens, safely: any bytes, any
//! line length, bounded memory.

use std::io::{self, BufRead};

/// The longest token kept; longer ones are cut (they are invalid anyway).
pub const MAX_TOKEN: usize = 64;

/// Reads tokens separated by ASCII white space from a buffered reader.
pub struct Tokens<R> {
    reader: R,
}

/// One token: its bytes (at most [`MAX_TOKEN`]) and whether it was cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The token's first bytes.
    pub bytes: Vec<u8>,
    /// Whether the token was longer than [`MAX_TOKEN`].
    pub truncated: bool,
}

impl Token {
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
        Tokens { reader }
    }

    /// The next token, `Ok(None)` at end of input.
    pub fn next_token(&mut self) -> io::Result<Option<Token>> {
        let mut token = Token {
            bytes: Vec::new(),
            truncated: false,
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
            let mut used = 0;
            let mut finished = false;
            for &byte in buffer {
                used += 1;
                if byte.is_ascii_whitespace() {
                    if started {
                        finished = true;
                        break;
                    }
                    continue;
                }
                started = true;
                if token.bytes.len() < MAX_TOKEN {
                    token.bytes.push(byte);
                } else {
                    token.truncated = true;
                }
            }
            self.reader.consume(used);
            if finished {
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
}
