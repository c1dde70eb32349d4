//! Help lines for an unexpected word: the keyword it is probably a
//! misspelling of, in the case the writer used.

use super::lexer::Kw;

/// The help line for `found` (a word, if the token was one) where one of
/// `keywords` (described as `what`) was expected.
pub(super) fn help(found: Option<&str>, keywords: &[Kw], what: &str) -> String {
    let Some(word) = found else {
        return format!("write {what} here");
    };
    let lower = word.to_lowercase();
    if let Some(kw) = keywords
        .iter()
        .find(|kw| kw.lower().to_lowercase() == lower)
    {
        return format!(
            "keywords are written `{}` or `{}`, never in mixed case",
            kw.upper(),
            kw.lower()
        );
    }
    let best = keywords
        .iter()
        .map(|&kw| {
            (
                strsim::damerau_levenshtein(&lower, &kw.lower().to_lowercase()),
                kw,
            )
        })
        .min_by_key(|&(distance, _)| distance);
    match best {
        Some((distance, kw)) if distance <= (lower.len() / 3).max(1) => {
            let upper = word.chars().any(|c| c.is_ascii_uppercase());
            let spelled = if upper { kw.upper() } else { kw.lower() };
            format!("did you mean `{spelled}`?")
        }
        _ => format!("write {what} here"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(
            help(Some("omin"), &[Kw::Omni, Kw::Linear], "x"),
            "did you mean `omni`?"
        );
        assert_eq!(
            help(Some("LINEARR"), &[Kw::Omni, Kw::Linear], "x"),
            "did you mean `LINEAR`?"
        );
        assert!(help(Some("Bird"), &[Kw::Bird], "x").contains("`BIRD` or `bird`"));
        assert_eq!(
            help(Some("zzz"), &[Kw::Omni], "a pattern"),
            "write a pattern here"
        );
    }
}
