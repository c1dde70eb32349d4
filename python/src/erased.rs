//! Every registered game behind one object-safe trait: [`AnyGame`] is
//! implemented once, generically, for every `G: Playable`, so the Python
//! classes hold a `Box<dyn AnyGame>` and need no list of games. Only the
//! registry (`relic::games::with_game`) knows which games there are.

use std::any::Any;
use std::hash::{DefaultHasher, Hasher};

use relic::contract::{Game, Layout, Observe, Outcome, Status};
use relic::games::{GameVisitor, Playable};
use relic::text::TextSession;
use relic::value::{Question, Verdict};

/// Why an action was not applied.
pub enum Refused {
    /// The text is not an action in the game's notation.
    Notation(String),
    /// The game refused the action, with its reason in its words.
    Illegal(String),
    /// No legal action has this id.
    NoSuchId(usize),
}

/// A position of some game, with everything the Python classes ask of it.
pub trait AnyGame: Send + Sync {
    fn clone_box(&self) -> Box<dyn AnyGame>;
    fn as_any(&self) -> &dyn Any;
    fn same(&self, other: &dyn AnyGame) -> bool;
    fn hash_value(&self) -> u64;
    fn status(&self) -> Status;
    fn seat_count(&self) -> usize;
    fn seat_name(&self, seat: usize) -> String;
    fn turn(&self) -> u32;
    fn legal_texts(&self) -> Vec<String>;
    fn legal_ids(&self) -> Vec<usize>;
    fn legal_mask(&self, mask: &mut [bool]);
    fn apply_text(&mut self, text: &str) -> Result<(), Refused>;
    fn apply_id(&mut self, id: usize) -> Result<(), Refused>;
    fn id_of_text(&self, text: &str) -> Result<usize, Refused>;
    fn text_of_id(&self, id: usize) -> Option<String>;
    fn render(&self) -> String;
    fn play_text(&mut self, typed: &str) -> String;
    fn start_text(&self) -> String;
    fn layout(&self) -> Option<Layout>;
    fn observe(&self, planes: &mut [f32], counters: &mut [f32]);
    fn solve(&self, question: &Question) -> Solved;
}

/// What [`AnyGame::solve`] found: the verdict, a line of best play in
/// the game's notation, the positions searched and how far ahead.
pub type Solved = (Verdict, Vec<String>, u64, u32);

/// Boxes the initial position [`relic::games::with_game`] hands over.
pub struct Erase;

impl GameVisitor for Erase {
    type Output = Box<dyn AnyGame>;

    fn visit<G: Playable>(self, game: G) -> Box<dyn AnyGame> {
        Box::new(game)
    }
}

/// The game's words for `refusal` of the action written `typed` (as the
/// browser shows them: the reason alone, without a position).
fn refusal_words<G: Playable>(game: &G, refusal: &G::Refusal, typed: &str) -> String {
    game.refusal_text(refusal, typed).trim().to_owned()
}

impl<G: Playable> AnyGame for G {
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn AnyGame) -> bool {
        other.as_any().downcast_ref::<G>() == Some(self)
    }

    fn hash_value(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.hash(&mut hasher);
        hasher.finish()
    }

    fn status(&self) -> Status {
        Game::status(self)
    }

    fn seat_count(&self) -> usize {
        Game::seat_count(self)
    }

    fn seat_name(&self, seat: usize) -> String {
        Game::seat_name(self, seat)
    }

    fn turn(&self) -> u32 {
        Game::turn(self)
    }

    fn legal_texts(&self) -> Vec<String> {
        let actions = self.legal_actions();
        actions.iter().map(|a| self.write_action(a)).collect()
    }

    fn legal_ids(&self) -> Vec<usize> {
        self.action_ids(&self.legal_actions())
    }

    fn legal_mask(&self, mask: &mut [bool]) {
        for id in self.action_ids(&self.legal_actions()) {
            if let Some(slot) = mask.get_mut(id) {
                *slot = true;
            }
        }
    }

    fn apply_text(&mut self, text: &str) -> Result<(), Refused> {
        let action = self
            .parse_action(text)
            .map_err(|e| Refused::Notation(e.message))?;
        let mut events = Vec::new();
        self.apply_into(&action, &mut events)
            .map_err(|refusal| Refused::Illegal(refusal_words(self, &refusal, text)))
    }

    fn apply_id(&mut self, id: usize) -> Result<(), Refused> {
        let actions = self.legal_actions();
        let at = (self.action_ids(&actions).into_iter())
            .position(|legal| legal == id)
            .ok_or(Refused::NoSuchId(id))?;
        let mut events = Vec::new();
        self.apply_legal_into(&actions[at], &mut events);
        Ok(())
    }

    fn id_of_text(&self, text: &str) -> Result<usize, Refused> {
        let action = self
            .parse_action(text)
            .map_err(|e| Refused::Notation(e.message))?;
        Ok(self.action_id(&action))
    }

    fn text_of_id(&self, id: usize) -> Option<String> {
        let actions = self.legal_actions();
        let at = (self.action_ids(&actions).into_iter()).position(|legal| legal == id)?;
        Some(self.write_action(&actions[at]))
    }

    fn render(&self) -> String {
        let mut text = String::new();
        self.write_position(&mut text);
        text
    }

    fn play_text(&mut self, typed: &str) -> String {
        let mut session = TextSession::new(self.clone(), Vec::new());
        // Writing into a Vec cannot fail.
        let _ = session.handle_token(Some(typed));
        let (game, out) = session.into_parts();
        *self = game;
        String::from_utf8_lossy(&out).into_owned()
    }

    fn start_text(&self) -> String {
        let mut session = TextSession::new(self.clone(), Vec::new());
        let _ = session.start();
        String::from_utf8_lossy(&session.into_parts().1).into_owned()
    }

    fn layout(&self) -> Option<Layout> {
        Observe::layout(self)
    }

    fn observe(&self, planes: &mut [f32], counters: &mut [f32]) {
        Observe::observe(self, planes, counters);
    }

    fn solve(&self, question: &Question) -> Solved {
        let answer = relic::value::solve(self, question, |_| {});
        let line = answer.line.iter().map(|a| self.write_action(a)).collect();
        (answer.verdict, line, answer.nodes, answer.searched)
    }
}

/// The result of `outcome` for `seat` on OpenSpiel's scale: 1 a win, -1 a
/// loss, 0 a draw or no result.
pub fn score(outcome: Outcome, seat: usize) -> f64 {
    2.0 * outcome.reward(seat) - 1.0
}
