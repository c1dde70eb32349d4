//! `relic rules explain`: a snapshot of the explanation of every shipped
//! ruleset (`rulesets/**/*.toml`) and every built-in name, and for every
//! ruleset that `extends` another, a check that its text names each key
//! the file itself sets to a value other than its parent's.

use std::path::{Path, PathBuf};

use relic::config::tree::{Node, NodeKind};

fn shipped(folder: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = (std::fs::read_dir(folder).unwrap())
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            shipped(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

fn snapshot_name(path: &Path) -> String {
    path.to_string_lossy().replace(['/', '.'], "_")
}

#[test]
fn every_shipped_ruleset_is_explained() {
    let mut files = Vec::new();
    shipped(Path::new("rulesets"), &mut files);
    for path in files {
        let text = relic::rulebook::explain_arg(&path)
            .unwrap_or_else(|f| panic!("{}: {}", path.display(), f.render(80)));
        insta::assert_snapshot!(snapshot_name(&path), text);
    }
}

#[test]
fn every_builtin_name_is_explained_as_its_file() {
    for name in relic::games::builtin_names() {
        let text = relic::rulebook::explain_arg(name.as_ref()).unwrap();
        assert!(text.starts_with("# "), "{name}");
        let source = relic::games::builtin_source(name).unwrap();
        let mut files = Vec::new();
        shipped(Path::new("rulesets"), &mut files);
        let file = files
            .iter()
            .find(|f| std::fs::read_to_string(f).unwrap() == source)
            .unwrap_or_else(|| panic!("no shipped file is the built-in {name}"));
        let from_file = relic::rulebook::explain_arg(file).unwrap();
        assert_eq!(text, from_file, "{name} and {}", file.display());
    }
}

/// The leaf keys written in a variant file (paths as `a.b`, array items
/// by position), leaving out what only names the ruleset.
fn written_keys(node: &Node, prefix: &str, out: &mut Vec<(String, relic::config::tree::Node)>) {
    for entry in node.entries() {
        if prefix.is_empty()
            && ["name", "description", "extends", "unset", "game"].contains(&entry.key.as_str())
        {
            continue;
        }
        let path = match prefix.is_empty() {
            true => entry.key.clone(),
            false => format!("{prefix}.{}", entry.key),
        };
        match &entry.value.kind {
            NodeKind::Table(_) => written_keys(&entry.value, &path, out),
            _ => out.push((path, entry.value.clone())),
        }
    }
}

#[test]
fn each_variant_names_what_it_changes() {
    let mut files = Vec::new();
    shipped(Path::new("rulesets"), &mut files);
    let mut variants = 0;
    for path in files {
        let source = std::fs::read_to_string(&path).unwrap();
        let (document, _) = toml::de::DeTable::parse_recoverable(&source);
        let root = Node::from_document(&document, 0);
        let Some(extends) = root.get("extends") else {
            continue;
        };
        let NodeKind::Str(parent) = &extends.kind else {
            continue;
        };
        variants += 1;
        let text = relic::rulebook::explain_arg(&path).unwrap();
        let (_, differences) = text
            .split_once("## Differences from")
            .expect("a differences section");
        let parent_path = path.parent().unwrap().join(parent);
        let parent_arg = if parent_path.exists() {
            parent_path
        } else {
            PathBuf::from(parent)
        };
        let parent_rules = relic::games::resolve_game_rules(&parent_arg).unwrap();
        let parent_tree = {
            let shown = parent_rules.resolved_toml();
            let (d, _) = toml::de::DeTable::parse_recoverable(&shown);
            Node::from_document(&d, 0).to_value()
        };
        let unset = root.get("unset").map_or(&[][..], |u| u.items());
        for key in unset.iter().filter_map(|u| match &u.kind {
            NodeKind::Str(key) => Some(key),
            _ => None,
        }) {
            assert!(
                differences.contains(&format!("`{key}")),
                "{}: the differences do not name the unset `{key}`:\n{differences}",
                path.display()
            );
        }
        let mut keys = Vec::new();
        written_keys(&root, "", &mut keys);
        for (key, value) in keys {
            let before = key.split('.').try_fold(&parent_tree, |v, k| v.get(k));
            if before == Some(&value.to_value()) {
                continue;
            }
            let named = key.split('.').all(|part| differences.contains(part));
            assert!(
                named,
                "{}: the differences do not name `{key}`:\n{differences}",
                path.display()
            );
        }
        assert!(
            differences.lines().any(|l| l.starts_with("- `")),
            "{}: no difference listed",
            path.display()
        );
    }
    assert!(variants >= 20, "{variants}");
}
