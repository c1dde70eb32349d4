//! Moving Maze in the vocabulary's tables: its turn (`[turns]` with
//! `[[turns.phases]]`), its tile-maze mechanics (`[[actions]]` with
//! `mechanic = "rotate-floating-tile" | "slide-line" | "walk-path" |
//! "pass"`) and its end (`[outcomes.relics]`). A ruleset may write these
//! tables instead of the shorthand keys (`turn_order`, `[slide]`,
//! `[turn]`, `[movement]`, `[relics]`, `[win]`); both resolve into the same
//! checked [`Ruleset`](super::Ruleset), and `relic rules show --expanded`
//! prints this form ([`lowered_toml`](super::lowered_toml)). The mechanic
//! names select the engine's tile-maze kernel.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::schema::{
    BoardRules, Lines, PlayerRules, PushedOff, RelicOrder, Ruleset, TileMix, WinCondition,
};

/// `[turns]`: who plays when, and the phases of a turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MazeTurns {
    /// Who plays when: every player's `colour` once, first to last (the
    /// shorthand's `turn_order`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<String>>,
    /// The two phases of a turn, in order: the shift (its actions the
    /// rotate and slide actions, ending after the slide; `skip = true` lets
    /// the player pass it) and the move (the walk and pass actions, ending
    /// after the pass). Left out: exactly that, with the slide required.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 8))]
    pub phases: Vec<MazePhase>,
}

/// One `[[turns.phases]]` table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MazePhase {
    /// The phase's name (`shift`, `move`).
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// The names of the actions the phase allows.
    #[schemars(length(min = 1, max = 16))]
    pub actions: Vec<String>,
    /// The actions after which the phase ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_after: Option<Vec<String>>,
    /// Whether the player may pass (`done`) to end the phase.
    #[serde(default)]
    pub skip: bool,
}

/// The tile-maze mechanics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TileMechanic {
    /// Turn the floating tile a quarter turn (`r`, `l`) before sliding it.
    RotateFloatingTile,
    /// Slide the floating tile into a row or column (`N2`, `W4`, ...): the
    /// tile pushed out becomes the floating tile.
    SlideLine,
    /// Walk the adventurer over open sides: single steps (`n`, `e`, `s`,
    /// `w`) or a path to a connected tile (`X,Y`), collecting relics.
    WalkPath,
    /// End the phase (`done`).
    Pass,
}

/// Whether the slide into the last exit point (undoing the previous
/// slide) is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LastExit {
    /// Sliding into the line where the last slide pushed a tile out is
    /// refused.
    Forbidden,
    /// Any slidable line may be slid.
    Allowed,
}

/// One `[[actions]]` table: a named tile-maze mechanic and its parameters
/// (each parameter belongs to one mechanic; left out, its default).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MazeAction {
    /// The action's name, used by `[[turns.phases]]`.
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// Which tile-maze mechanic the action is.
    pub mechanic: TileMechanic,
    /// `slide-line`: which rows may be slid (default `even`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<Lines>,
    /// `slide-line`: which columns may be slid (default `even`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub columns: Option<Lines>,
    /// `slide-line`: the slide into the last exit point (default
    /// `forbidden`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_exit: Option<LastExit>,
    /// `slide-line`: where an adventurer pushed off the board goes
    /// (default `inserted-tile`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pushed_off: Option<PushedOff>,
    /// `slide-line`: whether a pushed adventurer collects its relic where
    /// it lands (default `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collect_on_push: Option<bool>,
    /// `walk-path`: single steps `n`, `e`, `s`, `w` (default `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<bool>,
    /// `walk-path`: paths `X,Y` to any connected tile (default `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paths: Option<bool>,
    /// `walk-path`: whether collecting a relic ends the phase (default
    /// `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collect_ends_phase: Option<bool>,
}

/// `[outcomes]`: how the game ends.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MazeOutcomes {
    /// Relics in order (or any order), then home (or not).
    #[serde(default)]
    pub relics: RelicOutcome,
}

/// `[outcomes.relics]`: each player collects the relics of its colour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RelicOutcome {
    /// The order of collection (default `in-order`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<RelicOrder>,
    /// Whether relics no player can collect yet are hidden (default
    /// `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hide_inactive: Option<bool>,
    /// What wins after the last relic: `return-home` (back on the start
    /// tile, the default) or `last-relic` (at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finish: Option<WinCondition>,
}

/// A Moving Maze ruleset written in the vocabulary's tables: what `relic
/// rules show --expanded` prints.
#[derive(Serialize)]
struct Lowered<'a> {
    game: crate::games::GameId,
    name: &'a str,
    description: &'a str,
    board: &'a BoardRules,
    players: &'a [PlayerRules],
    turns: MazeTurns,
    actions: Vec<MazeAction>,
    outcomes: MazeOutcomes,
    tiles: &'a TileMix,
}

/// `ruleset` written in the vocabulary's tables, every parameter given;
/// reading it back gives `ruleset` again.
///
/// ```
/// use relic::rules::{Rules, lowered_toml, parse_ruleset};
/// let standard = Rules::standard();
/// let text = lowered_toml(standard.ruleset());
/// assert!(text.contains("mechanic = \"slide-line\""));
/// assert_eq!(&parse_ruleset(&text, "x.toml", None).unwrap(), standard.ruleset());
/// ```
pub fn lowered_toml(ruleset: &Ruleset) -> String {
    let lowered = Lowered {
        game: ruleset.game,
        name: &ruleset.name,
        description: &ruleset.description,
        board: &ruleset.board,
        players: &ruleset.players,
        turns: lowered_turns(ruleset),
        actions: lowered_actions(ruleset),
        outcomes: MazeOutcomes {
            relics: RelicOutcome {
                order: Some(ruleset.relics.order),
                hide_inactive: Some(ruleset.relics.hide_inactive),
                finish: Some(ruleset.win.condition),
            },
        },
        tiles: &ruleset.tiles,
    };
    let text = toml::to_string(&lowered).expect("rulesets serialise to TOML");
    format!("{HEADER}{text}")
}

const HEADER: &str = "\
# Moving Maze in the vocabulary's tables (`relic rules show --expanded`):
# the turn as phases, the tile-maze mechanics as actions, the end as
# outcomes. Every shorthand key of the ruleset is folded in here.

";

fn lowered_turns(ruleset: &Ruleset) -> MazeTurns {
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut shift = vec!["slide"];
    if ruleset.slide.rotate {
        shift.insert(0, "rotate");
    }
    let movement = &ruleset.movement;
    let mut moving = vec!["done"];
    if movement.steps || movement.pathfinding {
        moving.insert(0, "walk");
    }
    MazeTurns {
        order: Some(ruleset.turn_order.clone()),
        phases: vec![
            MazePhase {
                name: "shift".into(),
                actions: names(&shift),
                ends_after: Some(names(&["slide"])),
                skip: !ruleset.turn.slide_required,
            },
            MazePhase {
                name: "move".into(),
                actions: names(&moving),
                ends_after: Some(names(&["done"])),
                skip: false,
            },
        ],
    }
}

fn lowered_actions(ruleset: &Ruleset) -> Vec<MazeAction> {
    let bare = |name: &str, mechanic| MazeAction {
        name: name.into(),
        mechanic,
        rows: None,
        columns: None,
        last_exit: None,
        pushed_off: None,
        collect_on_push: None,
        steps: None,
        paths: None,
        collect_ends_phase: None,
    };
    let slide = &ruleset.slide;
    let mut actions = Vec::new();
    if slide.rotate {
        actions.push(bare("rotate", TileMechanic::RotateFloatingTile));
    }
    actions.push(MazeAction {
        rows: Some(slide.rows),
        columns: Some(slide.columns),
        last_exit: Some(match slide.forbid_reverse {
            true => LastExit::Forbidden,
            false => LastExit::Allowed,
        }),
        pushed_off: Some(slide.pushed_off),
        collect_on_push: Some(slide.collect_on_push),
        ..bare("slide", TileMechanic::SlideLine)
    });
    let movement = &ruleset.movement;
    if movement.steps || movement.pathfinding {
        actions.push(MazeAction {
            steps: Some(movement.steps),
            paths: Some(movement.pathfinding),
            collect_ends_phase: Some(ruleset.relics.collect_ends_move),
            ..bare("walk", TileMechanic::WalkPath)
        });
    }
    actions.push(bare("done", TileMechanic::Pass));
    actions
}
