//! One game being played in the page, whatever the game: the position,
//! the position it started from, the computers at their seats, and the
//! messages the page's shell draws (the same JSON `relic serve` streams).

use relic::bots::{BotRng, BoxedAgent, choose_strategy, seeded_rng};
use relic::contract::status_json;
use relic::contract::take_back::{NoUndo, took_back, undo_point, written_from};
use relic::games::{GameVisitor, Playable};
use serde_json::{Value, json};

/// The most actions one random game of [`AnyTable::random_games`] plays
/// before it is cut short (no shipped game needs nearly as many).
pub const MAX_RANDOM_ACTIONS: u64 = 100_000;

/// A game in play, with everything the page asks of it.
pub trait AnyTable {
    /// The message the shell draws now, with `events` just happened.
    fn message(&self, events: &[Value]) -> Value;
    /// Plays the action written `typed` for the seat to move: the events
    /// it caused, or why it was refused (the game's words).
    fn act(&mut self, typed: &str) -> Result<Vec<Value>, String>;
    /// Whether a computer is to move.
    fn computer_to_move(&self) -> bool;
    /// Lets the computer to move play one action: its events (`None`: no
    /// computer is to move, or it found nothing to play).
    fn computer_step(&mut self) -> Option<Vec<Value>>;
    /// Starts again from the first position.
    fn restart(&mut self);
    /// Takes back the last action and the computers' before it, back to
    /// a person's turn: the event saying so, or why not.
    fn undo(&mut self) -> Result<Value, String>;
    /// Plays `games` uniformly random games from the first position:
    /// how many actions were played in all.
    fn random_games(&self, games: u32, seed: u64) -> u64;
}

/// Opens a table on the initial position `with_game` hands over, with a
/// strategy spec (or `None`: a person) per seat.
pub struct Open {
    pub computers: Vec<Option<String>>,
    pub seed: u64,
}

impl GameVisitor for Open {
    type Output = Result<Box<dyn AnyTable>, String>;

    fn visit<G: Playable>(self, game: G) -> Self::Output {
        let mut agents = Vec::new();
        for seat in 0..game.seat_count() {
            let spec = self.computers.get(seat).cloned().flatten();
            agents.push(match spec {
                Some(spec) => Some(agent_for::<G>(&spec)?),
                None => None,
            });
        }
        let start = game.clone();
        let (rng, version) = (seeded_rng(self.seed), 0);
        Ok(Box::new(Table {
            start,
            game,
            agents,
            rng,
            version,
            played: Vec::new(),
            movers: Vec::new(),
        }))
    }
}

/// The agent `spec` names; time budgets are refused (a page has no clock
/// the engine may read).
fn agent_for<G: Playable>(spec: &str) -> Result<BoxedAgent<G>, String> {
    if spec
        .split(':')
        .any(|option| option.starts_with("ms=") || option.starts_with("cpu-ms="))
    {
        return Err(format!(
            "`{spec}`: the playground's computers count iterations, not time"
        ));
    }
    let choice = choose_strategy::<G>(spec).map_err(|e| e.to_string())?;
    Ok(choice.agent())
}

struct Table<G: Playable> {
    start: G,
    game: G,
    agents: Vec<Option<BoxedAgent<G>>>,
    rng: BotRng,
    version: u64,
    /// The actions played since `start`, and the seat that played each.
    played: Vec<G::Action>,
    movers: Vec<usize>,
}

impl<G: Playable> Table<G> {
    fn applied(&mut self, action: &G::Action) -> Vec<Value> {
        let mut events = Vec::new();
        self.note(action, self.mover());
        self.game.apply_legal_into(action, &mut events);
        self.version += 1;
        events.iter().map(|e| self.game.event_view(e)).collect()
    }

    /// The seat to move.
    fn mover(&self) -> usize {
        self.game.status().to_move().unwrap_or(0)
    }

    /// Notes `action`, played by `mover`.
    fn note(&mut self, action: &G::Action, mover: usize) {
        self.played.push(action.clone());
        self.movers.push(mover);
    }

    /// How many actions stand once the page takes back, or why it may not.
    fn undo_point(&self) -> Result<usize, NoUndo> {
        let computer = |seat: usize| self.agents.get(seat).is_some_and(Option::is_some);
        undo_point(&self.movers, computer, None)
    }
}

impl<G: Playable> AnyTable for Table<G> {
    fn message(&self, events: &[Value]) -> Value {
        let game = &self.game;
        let seats: Vec<Value> = (0..game.seat_count())
            .map(|s| {
                let computer = self.agents.get(s).is_some_and(Option::is_some);
                json!({ "name": game.seat_name(s), "computer": computer })
            })
            .collect();
        json!({
            "version": self.version,
            "seats": seats,
            "status": status_json(game.status()),
            "turn": game.turn(),
            "view": game.view(game.status().to_move()),
            "events": events,
            "can_restart": true,
            "can_undo": self.undo_point().is_ok(),
        })
    }

    fn act(&mut self, typed: &str) -> Result<Vec<Value>, String> {
        if self.computer_to_move() {
            return Err("A computer is to move.".to_owned());
        }
        let action = self.game.parse_action(typed).map_err(|e| e.message)?;
        let mut events = Vec::new();
        let mover = self.mover();
        // A refused action leaves the position as it was.
        (self.game.apply_into(&action, &mut events))
            .map_err(|refusal| self.game.refusal_text(&refusal, typed).trim().to_owned())?;
        self.note(&action, mover);
        self.version += 1;
        Ok(events.iter().map(|e| self.game.event_view(e)).collect())
    }

    fn computer_to_move(&self) -> bool {
        let seat = self.game.status().to_move();
        seat.is_some_and(|s| self.agents.get(s).is_some_and(Option::is_some))
    }

    fn computer_step(&mut self) -> Option<Vec<Value>> {
        let seat = self.game.status().to_move()?;
        let agent = self.agents.get_mut(seat)?.as_mut()?;
        let action = agent.choose(&self.game, &mut self.rng)?;
        Some(self.applied(&action))
    }

    fn restart(&mut self) {
        self.game = self.start.clone();
        self.played.clear();
        self.movers.clear();
        self.version += 1;
    }

    fn undo(&mut self) -> Result<Value, String> {
        let keep = self
            .undo_point()
            .map_err(|_| "Nothing to take back.".to_owned())?;
        let mut game = self.start.clone();
        let mut events = Vec::new();
        for action in &self.played[..keep] {
            game.apply_legal_into(action, &mut events);
        }
        let taken = written_from(&game, &self.played[keep..]);
        self.game = game;
        self.played.truncate(keep);
        self.movers.truncate(keep);
        self.version += 1;
        Ok(json!({ "kind": "undo", "text": took_back(&taken) }))
    }

    fn random_games(&self, games: u32, seed: u64) -> u64 {
        let (mut rng, mut scratch, mut events) = (seeded_rng(seed), Vec::new(), Vec::new());
        let mut played = 0;
        for _ in 0..games {
            let mut game = self.start.clone();
            let mut actions = 0;
            while game.status().to_move().is_some() && actions < MAX_RANDOM_ACTIONS {
                let Some(action) = game.random_action_with(&mut rng, &mut scratch) else {
                    break;
                };
                game.apply_legal_into(&action, &mut events);
                events.clear();
                actions += 1;
            }
            played += actions;
        }
        played
    }
}
