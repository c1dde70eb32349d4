//! Folding the vocabulary's tables of a Moving Maze ruleset (`[turns]`,
//! `[[actions]]`, `[outcomes]`) into the shorthand keys the engine reads.
//! A rule written both ways takes the value of the nearer file (the file
//! loaded before what it extends); written both ways in one file with two
//! values, it is a contradiction. Each value taken from a table is also
//! written into the tree at the shorthand's place, with the table's
//! origin, so that later checks point at what the file says.

use serde::Serialize;

use super::error::MazeRulesError;
use super::lowered::{LastExit, MazeAction, MazeTurns, PhaseSpec, RelicOutcome, TileMechanic};
use super::schema::Ruleset;
use crate::config::Problem;
use crate::config::tree::{Node, Origin};
use crate::config::validate::{source_span, suggestion_help};

/// Folds the tables of `ruleset` (read from `root`) into its shorthand.
pub(super) fn resolve(ruleset: &mut Ruleset, root: &mut Node, out: &mut Vec<Problem>) {
    let turns = std::mem::take(&mut ruleset.turns);
    let actions = ruleset.actions.take();
    let outcomes = std::mem::take(&mut ruleset.outcomes);
    let standard = Ruleset::default();
    let mut folder = Folder {
        root,
        out,
        standard,
    };
    if let Some(actions) = &actions {
        folder.actions(ruleset, actions);
    }
    folder.turns(ruleset, &turns, actions.as_deref());
    if folder.root.find_named(&["outcomes", "relics"]).is_some() {
        folder.relics(ruleset, &outcomes.relics);
    }
}

struct Folder<'a> {
    root: &'a mut Node,
    out: &'a mut Vec<Problem>,
    /// The standard rules: each mechanic parameter's default.
    standard: Ruleset,
}

impl Folder<'_> {
    /// The action table number `index` and the origin of its `key` (the
    /// table's own when the key is left out).
    fn action_at(&self, index: usize, key: &str) -> Origin {
        let table = self.root.get("actions").and_then(|a| a.items().get(index));
        let at = table.map_or(self.root.at, |t| t.at);
        table.and_then(|t| t.get(key)).map_or(at, |n| n.at)
    }

    fn actions(&mut self, ruleset: &mut Ruleset, actions: &[MazeAction]) {
        self.check_actions(actions);
        let find = |m: TileMechanic| actions.iter().position(|a| a.mechanic == m);
        let whole = self.root.get("actions").map_or(self.root.at, |n| n.at);
        let rotate = find(TileMechanic::RotateFloatingTile).is_some();
        self.settle(
            &mut ruleset.slide.rotate,
            rotate,
            whole,
            &["slide", "rotate"],
        );
        if let Some(i) = find(TileMechanic::SlideLine) {
            self.slide(ruleset, &actions[i], i);
        }
        let walk = find(TileMechanic::WalkPath);
        let action = walk.map(|i| &actions[i]);
        let at = |f: &Self, key| walk.map_or(whole, |i| f.action_at(i, key));
        let steps = action.is_some_and(|a| a.steps.unwrap_or(self.standard.movement.steps));
        let paths = action.is_some_and(|a| a.paths.unwrap_or(self.standard.movement.pathfinding));
        let ends = action.map_or(self.standard.relics.collect_ends_move, |a| {
            a.collect_ends_phase
                .unwrap_or(self.standard.relics.collect_ends_move)
        });
        let (s, p, e) = (
            at(self, "steps"),
            at(self, "paths"),
            at(self, "collect_ends_phase"),
        );
        self.settle(
            &mut ruleset.movement.steps,
            steps,
            s,
            &["movement", "steps"],
        );
        self.settle(
            &mut ruleset.movement.pathfinding,
            paths,
            p,
            &["movement", "pathfinding"],
        );
        let path = &["relics", "collect_ends_move"];
        self.settle(&mut ruleset.relics.collect_ends_move, ends, e, path);
    }

    fn slide(&mut self, ruleset: &mut Ruleset, action: &MazeAction, i: usize) {
        let d = self.standard.slide.clone();
        let slide = &mut ruleset.slide;
        let rows = action.rows.unwrap_or(d.rows);
        self.settle(
            &mut slide.rows,
            rows,
            self.action_at(i, "rows"),
            &["slide", "rows"],
        );
        let columns = action.columns.unwrap_or(d.columns);
        let at = self.action_at(i, "columns");
        self.settle(&mut slide.columns, columns, at, &["slide", "columns"]);
        let forbid = action
            .last_exit
            .map_or(d.forbid_reverse, |l| l == LastExit::Forbidden);
        let at = self.action_at(i, "last_exit");
        self.settle(
            &mut slide.forbid_reverse,
            forbid,
            at,
            &["slide", "forbid_reverse"],
        );
        let pushed = action.pushed_off.unwrap_or(d.pushed_off);
        let at = self.action_at(i, "pushed_off");
        self.settle(&mut slide.pushed_off, pushed, at, &["slide", "pushed_off"]);
        let collect = action.collect_on_push.unwrap_or(d.collect_on_push);
        let at = self.action_at(i, "collect_on_push");
        self.settle(
            &mut slide.collect_on_push,
            collect,
            at,
            &["slide", "collect_on_push"],
        );
    }

    fn turns(&mut self, ruleset: &mut Ruleset, turns: &MazeTurns, actions: Option<&[MazeAction]>) {
        if let Some(order) = &turns.order {
            let at = self.root.get("turns").and_then(|t| t.get("order"));
            let at = at.map_or(self.root.at, |n| n.at);
            self.settle(&mut ruleset.turn_order, order.clone(), at, &["turn_order"]);
        }
        if turns.phases.is_empty() {
            return;
        }
        let names = action_names(actions, ruleset);
        if let Some(skip) = self.check_phases(&turns.phases, &names) {
            let at = self.phase_at(0, "skip");
            self.settle(
                &mut ruleset.turn.slide_required,
                !skip,
                at,
                &["turn", "slide_required"],
            );
        }
    }

    fn phase_at(&self, index: usize, key: &str) -> Origin {
        let phases = self.root.get("turns").and_then(|t| t.get("phases"));
        let table = phases.and_then(|p| p.items().get(index));
        let at = table.or(phases).map_or(self.root.at, |t| t.at);
        table.and_then(|t| t.get(key)).map_or(at, |n| n.at)
    }

    fn relics(&mut self, ruleset: &mut Ruleset, relics: &RelicOutcome) {
        let table = self.root.get("outcomes").and_then(|o| o.get("relics"));
        let table_at = table.map_or(self.root.at, |t| t.at);
        let at = |key: &str| table.and_then(|t| t.get(key)).map_or(table_at, |n| n.at);
        let (o, h, f) = (at("order"), at("hide_inactive"), at("finish"));
        let order = relics.order.unwrap_or(self.standard.relics.order);
        self.settle(&mut ruleset.relics.order, order, o, &["relics", "order"]);
        let hide = relics
            .hide_inactive
            .unwrap_or(self.standard.relics.hide_inactive);
        self.settle(
            &mut ruleset.relics.hide_inactive,
            hide,
            h,
            &["relics", "hide_inactive"],
        );
        let finish = relics.finish.unwrap_or(self.standard.win.condition);
        self.settle(&mut ruleset.win.condition, finish, f, &["win", "condition"]);
    }

    /// Sets `field` to `value` (written at `at`) unless the shorthand key
    /// at `path` is written in a nearer file; the same file with another
    /// value is a contradiction.
    fn settle<T: PartialEq + Serialize>(
        &mut self,
        field: &mut T,
        value: T,
        at: Origin,
        path: &[&str],
    ) {
        let written = self.root.find_named(path).map(|n| n.at);
        match written {
            Some(other) if other.file < at.file => return,
            Some(other) if other.file == at.file && *field != value => {
                let error = MazeRulesError::LoweredConflict {
                    key: path.join("."),
                    span: source_span(at),
                    other: source_span(other),
                };
                self.out.push((at.file, Box::new(error)));
                return;
            }
            _ => {}
        }
        if let Ok(written) = toml::Value::try_from(&value) {
            self.root.set_path(path, &written, at);
        }
        *field = value;
    }
}

impl Folder<'_> {
    fn shape(&mut self, at: Origin, message: String, help: String) {
        let span = source_span(at);
        let error = MazeRulesError::LoweredShape {
            message,
            span,
            help,
        };
        self.out.push((at.file, Box::new(error)));
    }

    /// Each name and mechanic once, each parameter on its mechanic, and
    /// the slide and the pass there.
    fn check_actions(&mut self, actions: &[MazeAction]) {
        for (i, action) in actions.iter().enumerate() {
            let earlier = &actions[..i];
            if earlier.iter().any(|a| a.name == action.name) {
                let message = format!("two actions are named `{}`", action.name);
                let help = "give each action its own name".to_owned();
                self.shape(self.action_at(i, "name"), message, help);
            } else if earlier.iter().any(|a| a.mechanic == action.mechanic) {
                let mechanic = mechanic_name(action.mechanic);
                let message = format!("two actions use the mechanic `{mechanic}`");
                let help = "Moving Maze's turn has one action of each tile-maze mechanic".into();
                self.shape(self.action_at(i, "mechanic"), message, help);
            }
            for key in misplaced_parameters(action) {
                let owner = if SLIDE_KEYS.contains(&key) {
                    "slide-line"
                } else {
                    "walk-path"
                };
                let mechanic = mechanic_name(action.mechanic);
                let message = format!("`{key}` is a parameter of `{owner}`, not of `{mechanic}`");
                let help = format!("move `{key}` to the `{owner}` action, or leave it out");
                self.shape(self.action_at(i, key), message, help);
            }
        }
        for needed in [TileMechanic::SlideLine, TileMechanic::Pass] {
            if !actions.iter().any(|a| a.mechanic == needed) {
                let name = mechanic_name(needed);
                let at = self.root.get("actions").map_or(self.root.at, |n| n.at);
                let message = format!("no action uses the mechanic `{name}`");
                let help = match needed {
                    TileMechanic::Pass => {
                        "add `{ name = \"done\", mechanic = \"pass\" }`: it ends the move phase"
                    }
                    _ => {
                        "add `{ name = \"slide\", mechanic = \"slide-line\" }`: every turn may slide a line"
                    }
                };
                self.shape(at, message, help.to_owned());
            }
        }
    }

    /// Checks the phases against the kernel's turn: the shift (rotate,
    /// slide; ending after the slide), then the move (walk, pass; ending
    /// after the pass). Gives whether the shift may be skipped.
    fn check_phases(&mut self, phases: &[PhaseSpec], names: &ActionNames) -> Option<bool> {
        if names.slide.is_empty() || names.pass.is_empty() {
            return None; // reported with the actions
        }
        let known = names.all();
        let mut clean = true;
        for (i, phase) in phases.iter().enumerate() {
            let listed = phase
                .actions
                .iter()
                .chain(phase.ends_after.iter().flatten());
            for name in listed.filter(|n| !known.contains(&n.as_str())) {
                let message = format!(
                    "phase `{}` names the action `{name}`, which no action has",
                    phase.name
                );
                let help = suggestion_help(name, "the actions are", &known);
                self.shape(self.phase_at(i, "actions"), message, help);
                clean = false;
            }
        }
        if !clean {
            return None;
        }
        let expected = names.phases();
        let fits = phases.len() == 2
            && phases
                .iter()
                .zip(&expected)
                .all(|(phase, (actions, ends))| {
                    same_set(&phase.actions, actions)
                        && phase.ends_after.as_deref() == Some(&ends[..])
                })
            && !phases[1].skip;
        if !fits {
            let wanted = expected
                .iter()
                .map(|(actions, ends)| format!("actions = {actions:?}, ends_after = {ends:?}"))
                .collect::<Vec<_>>()
                .join(", then ");
            let at = self.root.get("turns").and_then(|t| t.get("phases"));
            let at = at.map_or(self.root.at, |n| n.at);
            let message = "these phases are not Moving Maze's turn".to_owned();
            let help = format!(
                "the tile-maze kernel plays two phases: {wanted} (only the first may have `skip = true`)"
            );
            self.shape(at, message, help);
            return None;
        }
        Some(phases[0].skip)
    }
}

/// The names of the actions of each tile-maze mechanic.
struct ActionNames {
    rotate: Option<String>,
    slide: String,
    walk: Option<String>,
    pass: String,
}

impl ActionNames {
    fn all(&self) -> Vec<&str> {
        let names = [
            self.rotate.as_deref(),
            Some(self.slide.as_str()),
            self.walk.as_deref(),
            Some(self.pass.as_str()),
        ];
        names.into_iter().flatten().collect()
    }

    /// Each phase's actions and the actions it ends after.
    fn phases(&self) -> [(Vec<String>, Vec<String>); 2] {
        let shift = self.rotate.iter().chain([&self.slide]).cloned().collect();
        let moving = self.walk.iter().chain([&self.pass]).cloned().collect();
        [
            (shift, vec![self.slide.clone()]),
            (moving, vec![self.pass.clone()]),
        ]
    }
}

/// The action names of `actions`, or the names the expanded form gives
/// the shorthand's mechanics when the file has no `[[actions]]`.
fn action_names(actions: Option<&[MazeAction]>, ruleset: &Ruleset) -> ActionNames {
    let Some(actions) = actions else {
        let movement = &ruleset.movement;
        return ActionNames {
            rotate: ruleset.slide.rotate.then(|| "rotate".to_owned()),
            slide: "slide".to_owned(),
            walk: (movement.steps || movement.pathfinding).then(|| "walk".to_owned()),
            pass: "done".to_owned(),
        };
    };
    let name = |m: TileMechanic| {
        actions
            .iter()
            .find(|a| a.mechanic == m)
            .map(|a| a.name.clone())
    };
    ActionNames {
        rotate: name(TileMechanic::RotateFloatingTile),
        slide: name(TileMechanic::SlideLine).unwrap_or_default(),
        walk: name(TileMechanic::WalkPath),
        pass: name(TileMechanic::Pass).unwrap_or_default(),
    }
}

const SLIDE_KEYS: [&str; 5] = [
    "rows",
    "columns",
    "last_exit",
    "pushed_off",
    "collect_on_push",
];

/// The parameters `action` gives that belong to another mechanic.
fn misplaced_parameters(action: &MazeAction) -> Vec<&'static str> {
    let slide = [
        action.rows.is_some(),
        action.columns.is_some(),
        action.last_exit.is_some(),
        action.pushed_off.is_some(),
        action.collect_on_push.is_some(),
    ];
    let walk = [
        action.steps.is_some(),
        action.paths.is_some(),
        action.collect_ends_phase.is_some(),
    ];
    let walk_keys = ["steps", "paths", "collect_ends_phase"];
    let mut found = Vec::new();
    if action.mechanic != TileMechanic::SlideLine {
        found.extend(given_keys(&SLIDE_KEYS, &slide));
    }
    if action.mechanic != TileMechanic::WalkPath {
        found.extend(given_keys(&walk_keys, &walk));
    }
    found
}

/// The keys of `keys` whose parameter is `given`.
fn given_keys<'a>(
    keys: &'a [&'static str],
    given: &'a [bool],
) -> impl Iterator<Item = &'static str> + 'a {
    keys.iter().zip(given).filter(|(_, g)| **g).map(|(k, _)| *k)
}

/// The mechanic's name as written.
pub(super) fn mechanic_name(mechanic: TileMechanic) -> &'static str {
    match mechanic {
        TileMechanic::RotateFloatingTile => "rotate-floating-tile",
        TileMechanic::SlideLine => "slide-line",
        TileMechanic::WalkPath => "walk-path",
        TileMechanic::Pass => "pass",
    }
}

fn same_set(a: &[String], b: &[String]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}
