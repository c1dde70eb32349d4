//! Numbered reserve stacks (`[reserve] stacks = N`) lowered into
//! variables: `stackS_KIND` (per player) is 1 while the player's stack `S`
//! holds a piece of `KIND` (every stack starts with one of each). Where
//! pieces are sent back to their owners' stacks (`blast`), an action
//! writes another player's stacks too, so each player's are variables of
//! their own, `stackS_KIND_PLAYER`, and the rules pick the mover's by
//! `me`. Placing takes the stack's top, its largest kind: the rule tries
//! the stacks in order and, in each, the one kind whose larger kinds are
//! all gone; the action is written `S@` and the square (`2@b2`), as the
//! vocabulary writes it. A piece sent back goes to the lowest-numbered
//! stack of its owner's that lacks its kind (none: it is out of play).

use super::text::{Mode, choice, join};
use super::{Lowering, var};
use crate::lang::schema::VariableSpec;
use crate::vocab::schema::{CounterEvent, Mechanic};

impl Lowering<'_> {
    /// Whether pieces are sent back to the reserve stacks.
    pub(super) fn sends_back(&self) -> bool {
        self.p.stacks > 0 && self.p.rules.iter().any(|r| r.mechanic == Mechanic::Blast)
    }

    /// Names every reserve stack's variable of each kind (and owner).
    pub(super) fn name_stacks(&mut self) {
        let mut names = Vec::new();
        for owner in self.owners() {
            for s in 0..self.p.stacks {
                for k in 0..self.kinds.len() {
                    let mut name = format!("stack{}_{}", s + 1, self.kinds[k]);
                    if let Some(i) = owner {
                        name = format!("{name}_{}", self.player_word(i));
                    }
                    names.push(super::fresh(name, &mut self.taken));
                }
            }
        }
        self.stack_names = names;
    }

    /// The variable of kind `k` in reserve stack `s` (from 0) of `owner`
    /// (`None`: the per-player variable of the player to move).
    fn stack_var(&self, s: u8, k: usize, owner: Option<usize>) -> String {
        let (stacks, kinds) = (usize::from(self.p.stacks), self.kinds.len());
        let at = (owner.unwrap_or(0) * stacks + usize::from(s)) * kinds + k;
        self.stack_names[at].clone()
    }

    /// Every reserve stack's variable, of every owner.
    pub(super) fn stack_vars_of_every_owner(&self) -> Vec<String> {
        self.stack_names.clone()
    }

    /// Player `i`'s name where it is an identifier, else `p{i}`.
    fn player_word(&self, i: usize) -> String {
        let name = &self.p.players[i].name;
        match super::is_ident(name) {
            true => name.clone(),
            false => format!("p{i}"),
        }
    }

    /// The owners whose stacks the rules name: `[None]` (the player to
    /// move's own copy) or every player.
    fn owners(&self) -> Vec<Option<usize>> {
        match self.sends_back() {
            true => (0..self.p.players.len()).map(Some).collect(),
            false => vec![None],
        }
    }

    /// One variable per stack and kind (and owner), each starting at 1.
    pub(super) fn stack_variables(&self) -> Vec<VariableSpec> {
        let kinds = self.p.kinds.len();
        let per_player = !self.sends_back();
        let mut vars = Vec::new();
        for owner in self.owners() {
            for (s, k) in (0..self.p.stacks).flat_map(|s| (0..kinds).map(move |k| (s, k))) {
                let top = self.stack_top_value();
                vars.push(var(self.stack_var(s, k, owner), 0, top, 1, per_player));
            }
        }
        vars
    }

    /// The test that kind `k` is on top of `owner`'s stack `s`: it is
    /// there and every larger kind is gone.
    fn on_top(&self, s: u8, k: usize, owner: Option<usize>) -> String {
        let larger = self.p.by_size.iter().map(|&o| usize::from(o));
        let gone = larger.take_while(|&o| o != k);
        let mut tests: Vec<String> = gone
            .map(|o| format!("{{$ {} == 0}}", self.stack_var(s, o, owner)))
            .collect();
        let held = match self.held {
            Some(_) => ">= 1",
            None => "== 1",
        };
        tests.push(format!("{{$ {} {held}}}", self.stack_var(s, k, owner)));
        tests.join(" ")
    }

    /// A piece of kind `k` sent back to `owner`'s stacks: the first that
    /// lacks the kind takes it, else it is out of play.
    pub(super) fn send_back(&self, k: usize, owner: usize) -> String {
        self.send_back_value(k, owner, "1")
    }

    /// [`Self::send_back`], the stack's variable set to `value` (a plain
    /// piece's 1, or a grey piece's paint).
    pub(super) fn send_back_value(&self, k: usize, owner: usize, value: &str) -> String {
        let stacks = (0..self.p.stacks).map(|s| {
            let v = self.stack_var(s, k, Some(owner));
            format!("{{$ {v} == 0}} [$ {v} = {value}]")
        });
        let ways: Vec<String> = stacks.chain(std::iter::once("{$ 0 == 0}".into())).collect();
        format!("once({})", ways.join(" | "))
    }

    /// Place rule `r` from the reserve stacks, in `mode`: the mover's.
    pub(super) fn stack_place(&self, r: usize, mode: Mode, phase: Option<usize>) -> Option<String> {
        let owners = self.owners();
        if owners == [None] {
            return self.stack_place_of(r, mode, phase, None);
        }
        let each = owners.into_iter().filter_map(|owner| {
            let place = self.stack_place_of(r, mode, phase, owner)?;
            Some(format!("{{$ me == {}}} {place}", owner.unwrap_or(0)))
        });
        choice(each.collect())
    }

    /// Place rule `r` from `owner`'s reserve stacks.
    fn stack_place_of(
        &self,
        r: usize,
        mode: Mode,
        phase: Option<usize>,
        owner: Option<usize>,
    ) -> Option<String> {
        let rule = &self.p.rules[r];
        let placed = (0..self.p.kinds.len()).filter(|&k| rule.kinds >> k & 1 == 1);
        let placed: Vec<usize> = placed.collect();
        let stacks = (0..self.p.stacks).filter_map(|s| {
            let tops = placed.iter().map(|&k| {
                let top = self.on_top(s, k, owner);
                match mode {
                    Mode::Can => join(&[&top, "any", &self.onto_test_for(r, k)]),
                    Mode::Act => {
                        let word = format!("mark(\"{}@\")", s + 1);
                        let v = self.stack_var(s, k, owner);
                        let take = match &self.held {
                            Some(held) => format!("[$ {held} = {v}, {v} = 0]"),
                            None => format!("[$ {v} = 0]"),
                        };
                        let land = self.land(r, k, CounterEvent::Place, phase);
                        join(&[&top, &word, "any", &take, "mark", &land])
                    }
                }
            });
            choice(tops.collect())
        });
        choice(stacks.collect())
    }
}
