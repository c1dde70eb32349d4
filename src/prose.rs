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
    joined(words, "and")
}

/// `words` joined as "a, b or c": the choices a reader has.
///
/// ```
/// use relic::prose::either;
/// let words = ["an action".to_owned(), "a number".to_owned()];
/// assert_eq!(either(&words), "an action or a number");
/// ```
pub fn either(words: &[String]) -> String {
    joined(words, "or")
}

fn joined(words: &[String], last_with: &str) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {last_with} {last}", rest.join(", ")),
    }
}

/// How many items [`first_few`] names.
pub const FEW: usize = 8;

/// The first names of `total` items, at most [`FEW`] of them given in
/// `named`: all of them joined as [`listed`] does, or the first few and
/// how many more.
///
/// ```
/// use relic::prose::first_few;
/// let words = ["a1".to_owned(), "h8".to_owned()];
/// assert_eq!(first_few(&words, 2), "a1 and h8");
/// assert_eq!(first_few(&words, 9), "a1, h8 and 7 more");
/// ```
pub fn first_few(named: &[String], total: usize) -> String {
    match total > named.len() {
        false => listed(named),
        true => format!("{} and {} more", named.join(", "), total - named.len()),
    }
}
