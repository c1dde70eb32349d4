//! The short account of how a game plays ("In short"), in sentences made
//! from the resolved ruleset's main keys, one writer per game.

use crate::config::tree::{Node, NodeKind};
use crate::games::GameId;
use crate::prose::listed;

/// A few sentences on how a `game` played by `root` (resolved) goes.
pub(super) fn lead(game: GameId, root: &Node) -> Option<String> {
    let sentences = match game {
        GameId::Vocabulary => vocabulary(root),
        GameId::MovingMaze => moving_maze(root),
        GameId::WalkerPhysics => walker_physics(root),
        GameId::WalkerLevels => walker_levels(root),
        GameId::Escape => escape(root),
        GameId::Core => core(root),
    };
    let sentences: Vec<String> = sentences.into_iter().flatten().collect();
    (!sentences.is_empty()).then(|| sentences.join(" "))
}

fn text<'a>(node: &'a Node, path: &[&str]) -> Option<&'a str> {
    match &node.find_named(path)?.kind {
        NodeKind::Str(s) => Some(s),
        _ => None,
    }
}

fn int(node: &Node, path: &[&str]) -> Option<i64> {
    match &node.find_named(path)?.kind {
        NodeKind::Int(n) => *n,
        _ => None,
    }
}

fn items<'a>(node: &'a Node, key: &str) -> &'a [Node] {
    node.get(key).map_or(&[], Node::items)
}

fn names(nodes: &[Node], key: &str) -> Vec<String> {
    nodes
        .iter()
        .filter_map(|n| text(n, &[key]).map(str::to_owned))
        .collect()
}

fn vocabulary(root: &Node) -> Vec<Option<String>> {
    let players = names(items(root, "players"), "name");
    let shape = text(root, &["board", "shape"]).unwrap_or("square");
    let (w, h) = (
        int(root, &["board", "width"]),
        int(root, &["board", "height"]),
    );
    let setup = root
        .find_named(&["board", "setup"])
        .is_some_and(|s| !s.items().is_empty());
    let start = if setup {
        "from the starting position below"
    } else {
        "starting empty"
    };
    let kinds: Vec<String> = items(root, "kinds").iter().filter_map(kind_words).collect();
    let actions: Vec<String> = items(root, "actions")
        .iter()
        .filter_map(action_words)
        .collect();
    vec![
        Some(format!(
            "{} play in turn on {} {} by {} {shape} board, {start}.",
            listed(&players),
            article(w.unwrap_or(0)),
            w.unwrap_or(0),
            h.unwrap_or(0)
        )),
        Some(format!("Each player has {}.", listed(&kinds))),
        Some(format!("On a turn a player may {}.", actions.join("; or "))),
        vocabulary_end(root),
    ]
}

fn core(root: &Node) -> Vec<Option<String>> {
    let players: Vec<String> = (root.get("players").map_or(&[][..], Node::items).iter())
        .filter_map(|n| match &n.kind {
            NodeKind::Str(s) => Some(s.clone()),
            _ => None,
        })
        .collect();
    let shape = text(root, &["board", "shape"]).unwrap_or("square");
    let board = match shape {
        "graph" => "a board of points and links".to_owned(),
        shape => {
            let width = int(root, &["board", "width"]).unwrap_or(0);
            format!(
                "{} {width} by {} {shape} board",
                article(width),
                int(root, &["board", "height"]).unwrap_or(0)
            )
        }
    };
    let kinds = names(items(root, "kinds"), "name");
    let separator = text(root, &["separator"]).unwrap_or("-");
    vec![
        Some(format!("{} play in turn on {board}.", listed(&players))),
        (!kinds.is_empty()).then(|| format!("The pieces are: {}.", listed(&kinds))),
        Some(format!(
            "A turn is any way through the rules expression below up to the next player's turn or the end of the game; an action is the cells and words it marks, {}.",
            crate::lang::joined_by(separator)
        )),
    ]
}

fn kind_words(kind: &Node) -> Option<String> {
    let name = text(kind, &["name"])?;
    Some(match int(kind, &["reserve"]) {
        Some(0) => format!("{name} pieces (none in reserve)"),
        Some(n) => format!("{n} {name} pieces in reserve"),
        None => format!("{name} pieces (a reserve that never runs out)"),
    })
}

fn action_words(action: &Node) -> Option<String> {
    let name = text(action, &["name"])?;
    let mechanic = text(action, &["mechanic"])?;
    let onto = text(action, &["onto"])
        .map(|o| format!(" onto `{o}`"))
        .unwrap_or_default();
    let what = match mechanic {
        "place" => match text(action, &["drop"]) {
            Some(d) => format!("drop a piece from the reserve, falling {d}"),
            None => format!("place a piece from the reserve{onto}"),
        },
        "move" => {
            let pattern = text(action, &["pattern"]).unwrap_or("step");
            format!("move a piece ({pattern}){onto}")
        }
        "pass" => "pass".to_owned(),
        effect => format!("use the effect `{effect}`{onto}"),
    };
    Some(format!("{what} (`{name}`)"))
}

fn vocabulary_end(root: &Node) -> Option<String> {
    let mut ends = Vec::new();
    if let Some(n) = int(root, &["outcomes", "line", "length"]) {
        ends.push(format!("{n} of a player's pieces in a line win"));
    }
    if root.find_named(&["outcomes", "reach"]).is_some() {
        ends.push("a piece reaching its target squares wins".to_owned());
    }
    if let Some(r) = text(root, &["outcomes", "no_actions"]) {
        ends.push(format!("a player with no legal action gets a {r}"));
    }
    if let Some(n) = int(root, &["outcomes", "turn_limit", "turns"]) {
        let result = text(root, &["outcomes", "turn_limit", "result"]).unwrap_or("draw");
        ends.push(format!("after {n} turns the game ends ({result})"));
    }
    (!ends.is_empty()).then(|| format!("The game ends when {}.", ends.join("; or when ")))
}

fn moving_maze(root: &Node) -> Vec<Option<String>> {
    let players: Vec<String> = (items(root, "players").iter())
        .filter_map(|p| {
            Some(format!(
                "{} ({})",
                text(p, &["name"])?,
                text(p, &["corner"])?
            ))
        })
        .collect();
    let rows = text(root, &["slide", "rows"]).unwrap_or("even");
    let columns = text(root, &["slide", "columns"]).unwrap_or("even");
    let order = text(root, &["relics", "order"]).unwrap_or("in order");
    let win = text(root, &["win", "condition"]).unwrap_or("return-home");
    vec![
        Some(format!("{} start in the corners.", listed(&players))),
        Some(format!(
            "A turn is a slide, then a move: the floating tile is slid into a row ({rows}) or a column ({columns}), pushing the tile at the far end out, then the adventurer walks along open paths."
        )),
        Some(format!(
            "Relics are collected in the order `{order}`; the game is won by `{win}`."
        )),
    ]
}

fn walker_physics(root: &Node) -> Vec<Option<String>> {
    let kinds = names(items(root, "kinds"), "name");
    let actions: Vec<String> = (items(root, "actions").iter())
        .filter_map(|a| Some(format!("{} ({})", text(a, &["name"])?, text(a, &["mode"])?)))
        .collect();
    let ends = names(
        root.find_named(&["physics", "ends"])
            .map_or(&[], Node::items),
        "name",
    );
    let goal: Vec<String> = (root.find_named(&["goal", "clear"]))
        .map_or(&[][..], Node::items)
        .iter()
        .filter_map(|n| match &n.kind {
            NodeKind::Str(s) => Some(format!("every {s}")),
            _ => None,
        })
        .collect();
    vec![
        Some(format!("The board is made of {}.", listed(&kinds))),
        Some(format!("The moves are {}.", listed(&actions))),
        (!ends.is_empty()).then(|| format!("The game ends by {}.", listed(&ends))),
        (!goal.is_empty()).then(|| format!("The goal is to take {}.", listed(&goal))),
    ]
}

fn walker_levels(root: &Node) -> Vec<Option<String>> {
    let stats: Vec<String> = (root.get("stats").map_or(&[][..], Node::entries).iter())
        .map(|e| match int(&e.value, &["start"]) {
            Some(n) => format!("{} (starting at {n})", e.key),
            None => e.key.clone(),
        })
        .collect();
    let items: Vec<String> = (root.get("items").map_or(&[][..], Node::entries).iter())
        .map(|e| e.key.clone())
        .collect();
    vec![
        (!stats.is_empty()).then(|| format!("The actor has the stats {}.", listed(&stats))),
        (!items.is_empty()).then(|| format!("Items to find and use: {}.", listed(&items))),
        lose_words(root),
    ]
}

fn lose_words(root: &Node) -> Option<String> {
    let bounds: Vec<String> = (items(root, "lose").iter())
        .filter_map(|l| {
            let stat = text(l, &["stat"])?;
            match (int(l, &["at_most"]), int(l, &["at_least"])) {
                (Some(n), _) => Some(format!("{stat} falls to {n} or below")),
                (_, Some(n)) => Some(format!("{stat} reaches {n} or more")),
                _ => None,
            }
        })
        .collect();
    (!bounds.is_empty()).then(|| format!("The game is lost when {}.", bounds.join(", or when ")))
}

fn escape(root: &Node) -> Vec<Option<String>> {
    let locations: Vec<String> = (root.get("locations").map_or(&[][..], Node::entries).iter())
        .map(|e| e.key.clone())
        .collect();
    let words: Vec<String> = (root.get("rules").map_or(&[][..], Node::entries).iter())
        .map(|e| e.key.clone())
        .collect();
    vec![
        Some(format!("The board's squares are {}.", listed(&locations))),
        (!words.is_empty())
            .then(|| format!("A configuration may use the rule words {}.", listed(&words))),
    ]
}

/// The article before a number said aloud: "an 8", "an 11", "a 7".
fn article(n: impl Into<i64>) -> &'static str {
    let n: i64 = n.into();
    let digits = n.unsigned_abs().to_string();
    let eleven = digits.len() % 3 == 2 && (digits.starts_with("11") || digits.starts_with("18"));
    match digits.starts_with('8') || eleven {
        true => "an",
        false => "a",
    }
}
