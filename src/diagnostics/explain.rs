//! The pages of `relic explain`: one per diagnostic code, kept in
//! `docs/diagnostics.md` (a `## `code`` heading and its text) and built
//! into the program.

/// The document the pages come from.
const DOCUMENT: &str = include_str!("../../docs/diagnostics.md");

/// One diagnostic code's page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// The code, such as `gbf::relic::duplicate`.
    pub code: &'static str,
    /// The first line of the page: the diagnostic's message.
    pub title: &'static str,
    /// The page's text under its heading.
    pub text: &'static str,
}

/// Every page, in the document's order (sorted by code).
///
/// ```
/// let pages = relic::diagnostics::explain::pages();
/// let page = pages.iter().find(|page| page.code == "gbf::relic::duplicate").unwrap();
/// assert_eq!(page.title, "relic `{relic}` appears more than once");
/// ```
pub fn pages() -> Vec<Page> {
    DOCUMENT
        .split("\n## `")
        .skip(1)
        .filter_map(page_of)
        .collect()
}

/// The page of one section: "CODE`" (after its heading's "## `") and its
/// text.
fn page_of(section: &'static str) -> Option<Page> {
    let (heading, text) = section.split_once('\n')?;
    let code = heading.strip_suffix('`')?;
    let title = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .unwrap_or("");
    let title = title.strip_prefix("Message: ").unwrap_or(title);
    Some(Page {
        code,
        title: title.trim_matches('"'),
        text: text.trim(),
    })
}

/// The page of `code`, if it has one.
///
/// ```
/// let page = relic::diagnostics::explain::page("gbf::relic::duplicate").unwrap();
/// assert!(page.text.contains("How to fix it"));
/// assert!(relic::diagnostics::explain::page("gbf::nothing").is_none());
/// ```
pub fn page(code: &str) -> Option<Page> {
    pages().into_iter().find(|page| page.code == code)
}

/// The known code nearest to `code`, when one is near enough to be a typo.
pub fn closest(code: &str) -> Option<&'static str> {
    pages()
        .into_iter()
        .map(|page| (strsim::levenshtein(code, page.code), page.code))
        .filter(|&(distance, _)| distance <= 3.max(code.len() / 5))
        .min()
        .map(|(_, code)| code)
}
