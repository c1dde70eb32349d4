//! A small Rust tokenizer: just enough to find paths. Comments, string,
//! byte and character literals and lifetimes are skipped, so a `crate::`
//! inside a doc comment or a string is not a reference.

/// One token the path reader cares about, with its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Star,
    Other,
}

/// The tokens of `src`, each with the line it starts on.
///
/// ```ignore
/// let toks = tokenize("use crate::a; // crate::b");
/// assert_eq!(toks.len(), 5);
/// ```
pub fn tokenize(src: &str) -> Vec<(Tok, usize)> {
    let chars: Vec<char> = src.chars().collect();
    let mut lexer = Lexer {
        chars,
        pos: 0,
        line: 1,
    };
    let mut out = Vec::new();
    while let Some(tok) = lexer.next_token() {
        out.push(tok);
    }
    out
}

struct Lexer {
    chars: Vec<char>,
    pos: usize,
    line: usize,
}

impl Lexer {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn next_token(&mut self) -> Option<(Tok, usize)> {
        loop {
            let c = self.peek(0)?;
            let line = self.line;
            if c.is_whitespace() {
                self.bump();
            } else if c == '/' && self.peek(1) == Some('/') {
                self.skip_while(|c| c != '\n');
            } else if c == '/' && self.peek(1) == Some('*') {
                self.skip_block_comment();
            } else if c == '"' {
                self.skip_string(0);
            } else if c == '\'' {
                self.skip_quote();
            } else if c.is_alphabetic() || c == '_' {
                if self.skip_prefixed_literal() {
                    continue;
                }
                return Some((Tok::Ident(self.ident()), line));
            } else {
                return Some((self.punct(), line));
            }
        }
    }

    fn punct(&mut self) -> Tok {
        let c = self.bump().unwrap_or(' ');
        match c {
            ':' if self.peek(0) == Some(':') => {
                self.bump();
                Tok::PathSep
            }
            '{' => Tok::Open,
            '}' => Tok::Close,
            ',' => Tok::Comma,
            '*' => Tok::Star,
            _ => Tok::Other,
        }
    }

    fn ident(&mut self) -> String {
        if self.peek(0) == Some('r') && self.peek(1) == Some('#') {
            self.pos += 2;
        }
        let start = self.pos;
        self.skip_while(|c| c.is_alphanumeric() || c == '_');
        self.chars[start..self.pos].iter().collect()
    }

    fn skip_while(&mut self, keep: impl Fn(char) -> bool) {
        while self.peek(0).is_some_and(&keep) {
            self.bump();
        }
    }

    fn skip_block_comment(&mut self) {
        self.pos += 2;
        let mut depth = 1;
        while depth > 0 && self.peek(0).is_some() {
            if self.peek(0) == Some('/') && self.peek(1) == Some('*') {
                depth += 1;
                self.pos += 2;
            } else if self.peek(0) == Some('*') && self.peek(1) == Some('/') {
                depth -= 1;
                self.pos += 2;
            } else {
                self.bump();
            }
        }
    }

    /// `b"..."`, `r"..."`, `r#"..."#`, `br#"..."#`, `b'x'`: skipped whole.
    /// Returns false (consuming nothing) when the letters start an identifier.
    fn skip_prefixed_literal(&mut self) -> bool {
        let mut at = 0;
        if self.peek(at) == Some('b') {
            at += 1;
        }
        let raw = self.peek(at) == Some('r');
        if raw {
            at += 1;
        }
        if at == 0 {
            return false;
        }
        let mut hashes = 0;
        while raw && self.peek(at + hashes) == Some('#') {
            hashes += 1;
        }
        match self.peek(at + hashes) {
            Some('"') => {
                self.pos += at + hashes;
                self.skip_string(if raw { hashes + 1 } else { 0 });
                true
            }
            Some('\'') if at == 1 && !raw => {
                self.pos += 1;
                self.skip_quote();
                true
            }
            _ => false,
        }
    }

    /// At the opening `"`. `raw` is 0 for an escaped string, else the number
    /// of `#` plus one.
    fn skip_string(&mut self, raw: usize) {
        self.bump();
        while let Some(c) = self.bump() {
            if raw == 0 && c == '\\' {
                self.bump();
            } else if c == '"' && (raw == 0 || self.closes_raw(raw - 1)) {
                self.pos += raw.saturating_sub(1);
                return;
            }
        }
    }

    fn closes_raw(&self, hashes: usize) -> bool {
        (0..hashes).all(|i| self.peek(i) == Some('#'))
    }

    /// At a `'`: a character literal or a lifetime.
    fn skip_quote(&mut self) {
        self.bump();
        if self.peek(0) == Some('\\') {
            self.pos += 2;
            self.skip_while(|c| c != '\'');
            self.bump();
        } else if self.peek(1) == Some('\'') {
            self.pos += 2;
        } else {
            self.skip_while(|c| c.is_alphanumeric() || c == '_');
        }
    }
}
