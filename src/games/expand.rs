//! `relic rules show --expanded`: a ruleset after `extends` with every
//! default written out, so a reader sees everything the game will do.
//! Games whose resolved TOML already lists every key use it as it is;
//! the vocabulary leaves many keys out, and their defaults are filled in
//! here from the same functions its compiler uses.

use crate::vocab::Program;
use crate::vocab::compile::default_forward;
use crate::vocab::messages::DEFAULTS;
use crate::vocab::schema::{
    ActionSpec, Cover, Direction, LineDirection, Mechanic, MessageSpec, Onto, PassWhen, Pattern,
    VocabRuleset,
};

/// `ruleset` with every default the vocabulary's compiler applies written
/// out: each player's forward, the stack height, each action's target,
/// pattern, directions, distance and pass rule where its mechanic takes
/// them, the line directions, and every message text. Reading it back
/// gives the same program.
///
/// ```
/// use relic::games::{Registered, Vocabulary, expanded_vocab};
/// let rules = Vocabulary::parse_rules("game = \"vocabulary\"\nextends = \"tic-tac-toe\"\n", "t.toml", None).unwrap();
/// let expanded = expanded_vocab(&rules.ruleset, &rules.program);
/// assert_eq!(expanded.players[1].forward, Some(relic::vocab::schema::Direction::South));
/// assert_eq!(expanded.messages.won.as_deref(), Some("{player} wins!"));
/// ```
pub fn expanded_vocab(ruleset: &VocabRuleset, program: &Program) -> VocabRuleset {
    let mut full = ruleset.clone();
    full.extends = None;
    let shape = full.board.shape;
    for (index, player) in full.players.iter_mut().enumerate() {
        player.forward.get_or_insert(default_forward(shape, index));
    }
    if full.stacking.cover != Cover::None {
        full.stacking.height.get_or_insert(program.height);
    }
    full.actions.iter_mut().for_each(expand_action);
    if let Some(line) = &mut full.outcomes.line
        && line.directions.is_empty()
    {
        line.directions = vec![
            LineDirection::Rows,
            LineDirection::Columns,
            LineDirection::Diagonals,
        ];
    }
    for phase in &mut full.turns.phases {
        phase
            .ends_after
            .get_or_insert_with(|| phase.actions.clone());
    }
    full.messages = expanded_messages(&full.messages);
    full
}

/// An action's parameters that its mechanic takes, defaults filled in.
fn expand_action(action: &mut ActionSpec) {
    match action.mechanic {
        Mechanic::Place => {
            action.onto.get_or_insert(Onto::Empty);
        }
        Mechanic::Move => {
            action.onto.get_or_insert(Onto::Empty);
            action.pattern.get_or_insert(Pattern::Step);
            action.distance.get_or_insert(1);
            if action.directions.is_empty() {
                action.directions = vec![Direction::All];
            }
        }
        Mechanic::Pass => {
            action.when.get_or_insert(PassWhen::Always);
        }
        Mechanic::Neutralise => {
            action.turns.get_or_insert(1);
        }
        Mechanic::Transport | Mechanic::Blast | Mechanic::Rotate => {}
    }
}

/// Every message key with its text: the ruleset's, else the default.
fn expanded_messages(messages: &MessageSpec) -> MessageSpec {
    let mut table = match toml::Value::try_from(messages) {
        Ok(toml::Value::Table(table)) => table,
        _ => return messages.clone(),
    };
    for (key, text, _) in DEFAULTS {
        table
            .entry(key.to_string())
            .or_insert_with(|| toml::Value::String(text.to_string()));
    }
    toml::Value::Table(table)
        .try_into()
        .unwrap_or_else(|_| messages.clone())
}
