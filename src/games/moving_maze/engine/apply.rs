//! The transitions: `apply` checks an action against the rules and, only if
//! it is legal, changes the state and reports what happened.

use super::{Action, Event, Game, IllegalAction, Phase, slide_bit};
use crate::games::moving_maze::board::{Direction, Pos, SlideAt};
use crate::games::moving_maze::rules::{PushedOff, WinCondition};

impl Game {
    /// Applies `action` for the player whose turn it is and returns what
    /// happened. On error the game is unchanged.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, Relic, SlideAt};
    /// # use relic::games::moving_maze::engine::{Action, Event, Game, IllegalAction, Phase};
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let mut game = Game::new(rules, &board).unwrap();
    /// let before = game.clone();
    /// let refused = game.apply(Action::Step(Direction::East));
    /// assert_eq!(refused, Err(IllegalAction::NotSlidePhase));
    /// assert_eq!(refused.unwrap_err().to_string(), "Slide the floating tile first.");
    /// assert_eq!(game, before);
    /// let n1 = game.apply(Action::Slide(SlideAt::new(Direction::North, 1)));
    /// assert_eq!(n1.unwrap_err().to_string(), "Cannot slide into odd positions.");
    /// let events = game.apply(Action::Slide(SlideAt::new(Direction::North, 2))).unwrap();
    /// assert_eq!(events[0], Event::Slid {
    ///     at: SlideAt::new(Direction::North, 2),
    ///     pushed_out: relic::games::moving_maze::board::Tile::from_code("1111xx").unwrap(),
    /// });
    /// assert_eq!(game.phase(), Phase::Move);
    /// ```
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// Like [`Game::apply`], appending the events to `events` (no allocation
    /// once `events` has room). On error nothing is appended.
    ///
    /// ```
    /// # use relic::games::moving_maze::board::{parse_board, Direction, Pos, Relic, SlideAt};
    /// # use relic::games::moving_maze::engine::{Action, Event, Game, IllegalAction, Phase};
    /// # use relic::rules::Rules;
    /// # let gbf = "3 3\n1\n0101xx\n0110xx 0101y1 0011xx\n1110g1 1010b1 1011r1\n1100xx 1111xx 1001xx\n";
    /// # let rules = Rules::standard();
    /// # let board = parse_board(gbf, &rules.limits()).unwrap();
    /// # let mut game = Game::new(rules, &board).unwrap();
    /// let mut events = Vec::with_capacity(16);
    /// game.apply_into(Action::RotateClockwise, &mut events).unwrap();
    /// game.apply_into(Action::Slide(SlideAt::new(Direction::West, 2)), &mut events).unwrap();
    /// assert_eq!(events.len(), 2);
    /// assert!(game.apply_into(Action::Slide(SlideAt::new(Direction::West, 2)), &mut events).is_err());
    /// assert_eq!(events.len(), 2);
    /// ```
    pub fn apply_into(
        &mut self,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), IllegalAction> {
        if self.state.phase == Phase::Over {
            return Err(IllegalAction::GameOver);
        }
        match action {
            Action::Quit => {
                self.state.phase = Phase::Over;
                events.push(Event::Quit);
            }
            Action::RotateClockwise | Action::RotateCounterclockwise => {
                self.rotate(action, events)?
            }
            Action::Slide(at) => {
                self.check_slide(at)?;
                self.slide(at, events);
            }
            Action::Step(direction) => self.step(direction, events)?,
            Action::MoveTo(to) => self.move_by_path(to, events)?,
            Action::Done => self.done(events)?,
        }
        Ok(())
    }

    fn step(&mut self, direction: Direction, events: &mut Vec<Event>) -> Result<(), IllegalAction> {
        self.require_move_phase()?;
        if !self.flags.steps {
            return Err(IllegalAction::StepsNotAllowed);
        }
        let from = self.current_player().pos;
        let to = self.check_step(from, direction)?;
        self.move_to(to, Some(direction), events);
        Ok(())
    }

    fn move_by_path(&mut self, to: Pos, events: &mut Vec<Event>) -> Result<(), IllegalAction> {
        self.require_move_phase()?;
        if !self.flags.pathfinding {
            return Err(IllegalAction::PathfindingNotAllowed);
        }
        let from = self.current_player().pos;
        let maze = &self.state.maze;
        let reachable = maze.contains(to)
            && self
                .state
                .links
                .connects(maze.index_of(from), maze.index_of(to));
        if !reachable {
            return Err(IllegalAction::NoPathTo(to));
        }
        self.move_to(to, None, events);
        Ok(())
    }

    fn current_player(&self) -> &super::PlayerState {
        &self.state.players[self.state.current as usize]
    }

    fn require_move_phase(&self) -> Result<(), IllegalAction> {
        match self.state.phase {
            Phase::Move => Ok(()),
            _ => Err(IllegalAction::NotSlidePhase),
        }
    }

    fn require_slide_phase(&self) -> Result<(), IllegalAction> {
        match self.state.phase {
            Phase::Slide => Ok(()),
            _ => Err(IllegalAction::NotMovePhase),
        }
    }

    fn rotate(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), IllegalAction> {
        self.require_slide_phase()?;
        if !self.flags.rotate {
            return Err(IllegalAction::RotationNotAllowed);
        }
        let clockwise = action == Action::RotateClockwise;
        let floating = self.state.floating;
        self.state.floating = if clockwise {
            floating.rotated_clockwise()
        } else {
            floating.rotated_counterclockwise()
        };
        events.push(Event::Rotated {
            clockwise,
            tile: self.state.floating,
        });
        Ok(())
    }

    /// Whether the slide at `at` is legal now.
    pub(super) fn check_slide(&self, at: SlideAt) -> Result<(), IllegalAction> {
        self.require_slide_phase()?;
        if !self.state.maze.has_line(at) {
            return Err(IllegalAction::NoSuchLine(at));
        }
        if self.flags.slidable & slide_bit(at) == 0 {
            let slide = self.rules.slide();
            let lines = if at.is_column() {
                slide.columns
            } else {
                slide.rows
            };
            return Err(IllegalAction::FixedLine { at, lines });
        }
        if self.state.forbidden_slide == Some(at) {
            return Err(IllegalAction::LastExitPoint(at));
        }
        Ok(())
    }

    fn slide(&mut self, at: SlideAt, events: &mut Vec<Event>) {
        let state = &mut self.state;
        let tile = state.floating;
        let pushed_out = state.maze.slide(at, tile);
        state.floating = pushed_out;
        state.links.slide(at, tile);
        if self.flags.forbid_reverse {
            state.forbidden_slide = Some(at.reverse());
        }
        events.push(Event::Slid { at, pushed_out });
        state.phase = Phase::Move;
        let entry = state.maze.entry(at);
        let mut displaced = 0u8;
        for seat in 0..state.player_count as usize {
            let player = &mut state.players[seat];
            if let Some(shifted) = state.maze.shifted(at, player.pos) {
                player.pos = shifted;
                continue;
            }
            let from = player.pos;
            player.pos = match self.flags.pushed_off {
                PushedOff::InsertedTile => entry,
                PushedOff::StartCorner => player.home,
            };
            displaced |= 1 << seat;
            events.push(Event::Displaced {
                seat,
                from,
                to: player.pos,
            });
        }
        if displaced != 0 {
            self.settle_displaced(displaced, events);
        }
    }

    /// Lets every adventurer the slide displaced (bit `seat` of
    /// `displaced`) collect what it landed on; the current player's turn
    /// ends if its own collection ends the move.
    fn settle_displaced(&mut self, displaced: u8, events: &mut Vec<Event>) {
        let current = self.state.current as usize;
        let collect = self.flags.collect_on_push;
        // Others first: the current player's collection may end the turn.
        for seat in 0..self.state.player_count as usize {
            if seat != current && displaced & (1 << seat) != 0 && !self.is_over() {
                self.arrive(seat, collect, events);
            }
        }
        if displaced & (1 << current) != 0 && !self.is_over() {
            self.arrive(current, collect, events);
        }
    }

    /// Where a step from `from` in `direction` leads, if it is legal.
    pub(super) fn check_step(&self, from: Pos, direction: Direction) -> Result<Pos, IllegalAction> {
        let maze = &self.state.maze;
        let here = maze.tile(from);
        if !here.is_open(direction) {
            return Err(IllegalAction::NoPath(direction));
        }
        let to = maze
            .neighbour(from, direction)
            .ok_or(IllegalAction::OffBoard(direction))?;
        if !here.connects_to(maze.tile(to), direction) {
            return Err(IllegalAction::NoPath(direction));
        }
        Ok(to)
    }

    fn move_to(&mut self, to: Pos, step: Option<Direction>, events: &mut Vec<Event>) {
        let seat = self.state.current as usize;
        let from = self.state.players[seat].pos;
        self.state.players[seat].pos = to;
        events.push(Event::Moved {
            seat,
            from,
            to,
            step,
        });
        self.arrive(seat, true, events);
    }

    /// An adventurer has come to rest on a tile: it collects its active
    /// relic there (when `may_collect`), may win, and the current player's
    /// turn ends if the collection ends the move.
    fn arrive(&mut self, seat: usize, may_collect: bool, events: &mut Vec<Event>) {
        let collected = may_collect && self.collect(seat, events);
        if self.has_won(seat) {
            self.state.winner = Some(seat as u8);
            self.state.phase = Phase::Over;
            events.push(Event::Won { seat });
            return;
        }
        let ends_move = collected && self.flags.collect_ends_move;
        if ends_move && seat == self.state.current as usize {
            self.end_turn(events);
        }
    }

    /// Collects `seat`'s active relic under it, if there is one.
    fn collect(&mut self, seat: usize, events: &mut Vec<Event>) -> bool {
        let pos = self.state.players[seat].pos;
        let tile = self.state.maze.tile(pos);
        let Some(relic) = tile.relic().filter(|&r| self.is_active_relic(seat, r)) else {
            return false;
        };
        self.state.maze.set_tile(pos, tile.without_relic());
        let player = &mut self.state.players[seat];
        player.collected += 1;
        player.collected_orders |= 1 << relic.order();
        let collected = player.collected;
        events.push(Event::RelicCollected {
            seat,
            relic,
            collected,
        });
        if collected == self.state.relics_per_colour {
            events.push(Event::AllRelicsCollected { seat });
        }
        true
    }

    /// Whether `seat` meets the win condition. With K = 0 nobody can win:
    /// there is nothing to collect.
    fn has_won(&self, seat: usize) -> bool {
        let player = &self.state.players[seat];
        let k = self.state.relics_per_colour;
        if k == 0 || player.collected < k {
            return false;
        }
        match self.flags.win {
            WinCondition::ReturnHome => player.pos == player.home,
            WinCondition::LastRelic => true,
        }
    }

    fn done(&mut self, events: &mut Vec<Event>) -> Result<(), IllegalAction> {
        match self.state.phase {
            Phase::Move => {
                self.end_turn(events);
                Ok(())
            }
            Phase::Slide if self.flags.may_skip_slide => {
                self.state.phase = Phase::Move;
                events.push(Event::SlideSkipped);
                Ok(())
            }
            _ => Err(IllegalAction::NotSlidePhase),
        }
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        let seat = self.state.current as usize;
        events.push(Event::TurnEnded { seat });
        self.state.current = (self.state.current + 1) % self.state.player_count;
        self.state.phase = Phase::Slide;
        self.state.turn += 1;
    }
}
