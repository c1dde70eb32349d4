//! Text from files shown on a terminal without its control characters:
//! a board or ruleset holding ESC or BEL must not set colours or retitle
//! the terminal of whoever checks it. Like rustc, relic shows C0 control
//! characters and DEL as Unicode control pictures (ESC as `␛`, BEL as
//! `␇`); C1 control characters (U+0080 to U+009F), which have no
//! pictures, are shown as `\u{9b}`. Line ends and tabs are kept.

use std::borrow::Cow;

/// Whether `c` is a control character a terminal could act on: every
/// control character but the line feed and the tab.
///
/// ```
/// use relic::diagnostics::is_hostile;
/// assert!(is_hostile('\u{1b}') && is_hostile('\u{7}') && is_hostile('\r'));
/// assert!(is_hostile('\u{9b}'));
/// assert!(!is_hostile('\n') && !is_hostile('\t') && !is_hostile('é'));
/// ```
pub fn is_hostile(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

/// How `c`, a hostile character, is shown: its control picture, or
/// `\u{..}` for a C1 character.
pub fn picture(c: char) -> String {
    let code = u32::from(c);
    match code {
        0..=0x1f => char::from_u32(0x2400 + code).map(String::from),
        0x7f => Some("\u{2421}".to_owned()),
        _ => None,
    }
    .unwrap_or_else(|| format!("\\u{{{code:x}}}"))
}

/// `text` with each hostile character shown visibly ([`picture`]).
///
/// ```
/// use relic::diagnostics::visible;
/// assert_eq!(visible("\u{1b}[31mX\u{7}\n"), "␛[31mX␇\n");
/// assert_eq!(visible("a\u{9b}b"), "a\\u{9b}b");
/// assert_eq!(visible("plain"), "plain");
/// ```
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.contains(is_hostile) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_hostile(c) {
            out.push_str(&picture(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}
