//! Where a ruleset comes from (a file, a text, a built-in name), read
//! once for every game's loader.

use std::path::{Path, PathBuf};

use super::extends::{Builtins, Loader};
use super::source::{RulesetFailure, identity_of, read_ruleset, read_source};
use super::tree::Node;

/// Where a ruleset to load comes from: its shown name, its text, the
/// folder its relative `extends` start from, and how it is recognised
/// again in an `extends` chain. Every game's loader reads its files,
/// texts and built-in names through it.
///
/// ```
/// use relic::config::{Builtins, RulesetSource};
/// const MINE: &[(&str, &str)] = &[("base", "size = 3\n")];
/// let builtins = Builtins { list: MINE, what: "the built-in rulesets are", more: None };
/// let child = RulesetSource::text("extends = \"base\"\nsize = 4\n", "child.toml", None);
/// let size = child.load(builtins, |_, root| root.to_value()["size"].as_integer());
/// assert_eq!(size.unwrap(), 4);
/// assert!(RulesetSource::builtin(builtins, "base").is_some());
/// assert!(RulesetSource::builtin(builtins, "bse").is_none());
/// ```
#[derive(Clone, Debug)]
pub struct RulesetSource {
    name: String,
    text: String,
    base: Option<PathBuf>,
    identity: String,
}

impl RulesetSource {
    /// The ruleset file at `path`, read (or the failure saying why it
    /// cannot be); its `extends` start from its folder.
    pub fn file(path: &Path) -> Result<RulesetSource, RulesetFailure> {
        Ok(RulesetSource {
            name: path.display().to_string(),
            text: read_ruleset(path)?,
            base: path.parent().map(Path::to_path_buf),
            identity: identity_of(path),
        })
    }

    /// [`RulesetSource::file`], and when nothing is at `path`, a help line
    /// naming the nearest built-in ruleset of `builtins` ("did you mean
    /// `dutch`?") before "or check the path": for a command-line argument
    /// that may be a file or a built-in name.
    pub fn file_or_builtin_help(
        path: &Path,
        builtins: Builtins,
    ) -> Result<RulesetSource, RulesetFailure> {
        let name = path.display().to_string();
        let text = read_source(path).map_err(|(reason, help)| {
            let help = match path.exists() {
                true => help,
                false => {
                    let nearest = builtins.help(&path.to_string_lossy());
                    format!("{nearest}; or check the path")
                }
            };
            RulesetFailure::unreadable(&name, reason, help)
        })?;
        Ok(RulesetSource {
            name,
            text,
            base: path.parent().map(Path::to_path_buf),
            identity: identity_of(path),
        })
    }

    /// Ruleset TOML `text` shown as `name`; relative `extends` start from
    /// `base` (the working folder when `None`).
    pub fn text(text: &str, name: &str, base: Option<&Path>) -> RulesetSource {
        RulesetSource {
            name: name.to_owned(),
            text: text.to_owned(),
            base: base.map(Path::to_path_buf),
            identity: format!("builtin:{name}"),
        }
    }

    /// The built-in ruleset `name` of `builtins`, shown as `NAME
    /// (built-in)`, if there is one.
    pub fn builtin(builtins: Builtins, name: &str) -> Option<RulesetSource> {
        let text = builtins.source(name)?;
        Some(RulesetSource::text(
            text,
            &format!("{name} (built-in)"),
            None,
        ))
    }

    /// Its TOML text.
    pub fn toml(&self) -> &str {
        &self.text
    }

    /// Loads it with [`Loader::run`]: the checked value `check` makes of
    /// the merged tree, or every problem of every file of the chain.
    pub fn load<T>(
        self,
        builtins: Builtins,
        check: impl Fn(&mut Loader, Node) -> Option<T>,
    ) -> Result<T, RulesetFailure> {
        self.load_with(builtins, |loader| loader, check)
    }

    /// [`RulesetSource::load`] with the loader set up by `setup` first
    /// (for example [`Loader::checking_past_syntax_errors`]).
    pub fn load_with<T>(
        self,
        builtins: Builtins,
        setup: impl FnOnce(Loader) -> Loader,
        check: impl Fn(&mut Loader, Node) -> Option<T>,
    ) -> Result<T, RulesetFailure> {
        let loader = setup(Loader::new(&self.name, &self.text, builtins));
        loader.run(self.base.as_deref(), self.identity, check)
    }
}
