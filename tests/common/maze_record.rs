//! Moving Maze records for the tests: written from a board and the
//! actions played, and read back with the position they reach, through
//! the generic records (`relic::save`).

use std::sync::Arc;

use relic::board::Board;
use relic::engine::{Action, Game};
use relic::games::GameRules;
use relic::rules::Rules;
use relic::save::{GameRecord, RecordKeeper, SaveError, read_record};

/// The record of `actions` played on `board` under `rules`.
pub fn record(rules: &Arc<Rules>, board: &Board, actions: &[Action]) -> GameRecord {
    let start = Game::new(rules.clone(), board).unwrap();
    let game_rules = GameRules::MovingMaze(rules.clone());
    RecordKeeper::new(game_rules, board.to_gbf(), start).record(actions)
}

/// Reads a Moving Maze record: the record and the position it reaches,
/// or every problem.
pub fn read(text: &str) -> Result<(GameRecord, Game), Vec<SaveError>> {
    let record = read_record(text)?;
    let game = replay(&record, None);
    Ok((record, game))
}

/// The position after the first `count` actions (all with `None`) of a
/// Moving Maze record that was read without problems.
pub fn replay(record: &GameRecord, count: Option<usize>) -> Game {
    let start = relic::games::moving_maze::load(rules(record), &record.setup()).unwrap();
    record.replay(start, count).unwrap().0
}

/// The record's first position.
pub fn start(record: &GameRecord) -> Game {
    replay(record, Some(0))
}

/// The record's actions, read.
pub fn actions(record: &GameRecord) -> Vec<Action> {
    let start = start(record);
    record.replay(start, None).unwrap().1
}

/// The record's Moving Maze rules.
pub fn rules(record: &GameRecord) -> &Arc<Rules> {
    match record.rules() {
        GameRules::MovingMaze(rules) => rules,
        other => panic!("not a Moving Maze record: {}", other.id().name()),
    }
}
