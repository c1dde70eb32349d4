//! Words joined the way the text a player or author reads joins them.

/// `words` joined as "a, b and c" ("a" alone, "a and b" for two, nothing
/// for none).
///
/// ```
/// use relic::prose::listed;
/// let words = ["a1".to_owned(), "h8".to_owned(), "d4".to_owned()];
/// assert_eq!(listed(&words), "a1, h8 and d4");
/// assert_eq!(listed(&words[..1]), "a1");
/// ```
pub fn listed(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
