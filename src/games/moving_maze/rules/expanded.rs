//! `relic rules show --expanded` for Moving Maze: a ruleset written in the
//! vocabulary's tables ([`super::lowered`]), every parameter given.

use serde::Serialize;

use super::kinds::{MazeKind, kinds_of};
use super::lowered::{
    LastExit, MazeAction, MazeOutcomes, MazeTurns, PhaseSpec, RelicOutcome, TileMechanic,
};
use super::messages::AllMessages;
use super::schema::{BoardRules, PlayerRules, Ruleset, TileMix};

/// A Moving Maze ruleset written in the vocabulary's tables: what `relic
/// rules show --expanded` prints.
#[derive(Serialize)]
struct Lowered<'a> {
    game: crate::games::GameId,
    name: &'a str,
    description: &'a str,
    board: &'a BoardRules,
    players: &'a [PlayerRules],
    kinds: Vec<MazeKind>,
    turns: MazeTurns,
    actions: Vec<MazeAction>,
    outcomes: MazeOutcomes,
    tiles: &'a TileMix,
    messages: AllMessages<'a>,
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
        kinds: kinds_of(ruleset),
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
        messages: ruleset.messages.all(),
    };
    let text = toml::to_string(&lowered).expect("rulesets serialise to TOML");
    format!("{HEADER}{text}")
}

const HEADER: &str = "\
# Moving Maze in the vocabulary's tables (`relic rules show --expanded`):
# its things as kinds, the turn as phases, the tile-maze mechanics as
# actions, the end as outcomes, every message with its text. Every
# shorthand key of the ruleset is folded in here.

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
            PhaseSpec {
                name: "shift".into(),
                actions: names(&shift),
                ends_after: Some(names(&["slide"])),
                skip: !ruleset.turn.slide_required,
            },
            PhaseSpec {
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
