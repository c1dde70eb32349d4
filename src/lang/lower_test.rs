//! Compiling cell tests (`{empty}`, `{own pawn, enemy}`, `count{...}`) to
//! masks of cell codes, one per player, with the owners a test may name
//! and the sets of items a macro may name: `heavy = "{rook, queen}"`
//! makes `{heavy}` and `{own heavy}` mean `{rook, queen}` and
//! `{own rook, own queen}`.

use super::ast::{Expr, Item, Name};
use super::lower::{Env, Lower};
use crate::config::validate::suggestion_help;

/// How deep sets of items may name other sets.
const MAX_SET_DEPTH: usize = 8;

impl Lower<'_> {
    /// The mask of a cell test, by player.
    pub(super) fn mask(&mut self, items: &[Item], env: &Env) -> u16 {
        let mut bound = Vec::with_capacity(items.len());
        for item in items {
            let Some(name) = self.bound(&item.name, env) else {
                continue;
            };
            let owner = match &item.owner {
                Some(o) => match self.bound(o, env) {
                    Some(o) => Some(o),
                    None => continue,
                },
                None => None,
            };
            bound.push((owner, name));
        }
        let key: Vec<(Option<String>, String)> = (bound.iter())
            .map(|(owner, name)| (owner.as_ref().map(|o| o.text.clone()), name.text.clone()))
            .collect();
        if let Some(&m) = self.test_masks.get(&key) {
            return m;
        }
        let problems = self.out.len();
        let mut masks = vec![0u128; self.players.len()];
        for (owner, name) in &bound {
            self.add_item(name, owner.as_ref(), &mut masks, 0);
        }
        let m = self.mask_number(masks);
        if self.out.len() == problems {
            self.test_masks.insert(key, m);
        }
        m
    }

    /// The number of the mask `masks` (one per player), added if new.
    fn mask_number(&mut self, masks: Vec<u128>) -> u16 {
        let players = self.players.len();
        let m = self
            .masks
            .chunks(players)
            .position(|c| c == masks.as_slice());
        match m {
            Some(m) => m as u16,
            None => {
                self.masks.extend(masks);
                (self.masks.len() / players - 1) as u16
            }
        }
    }

    /// Adds the codes of item `owner name` to each player's mask: a kind
    /// or a word, or each item of the set a macro names.
    fn add_item(&mut self, name: &Name, owner: Option<&Name>, masks: &mut [u128], depth: usize) {
        let Some(set) = self.item_set(name) else {
            let wanted = self.wanted(name);
            for (p, mask) in masks.iter_mut().enumerate() {
                *mask |= self.item_mask(&wanted, owner, p as u8);
            }
            return self.check_item(name, owner, &wanted);
        };
        if depth >= MAX_SET_DEPTH {
            return self.misplaced(
                name,
                "a set of test items that names itself, or sets nested too deep",
                "a set names kinds, words and other sets, never itself",
            );
        }
        for inner in set {
            let owner = match (owner, &inner.owner) {
                (Some(o), Some(_)) => {
                    self.misplaced(
                        o,
                        "an owner before a set whose items name their own owners",
                        "write the owner in the set's items, or in the test, not both",
                    );
                    continue;
                }
                (Some(o), None) => Some(o.clone()),
                (None, written) => written.clone(),
            };
            self.add_item(&inner.name, owner.as_ref(), masks, depth + 1);
        }
    }

    /// The items of the set macro `name` names (a macro without parameters
    /// whose body is one cell test), if it is one.
    fn item_set(&self, name: &Name) -> Option<Vec<Item>> {
        let m = self.macros.get(&name.text)?;
        match (&m.body, m.params.is_empty()) {
            (Some(Expr::Test(items, _)), true) => Some(items.clone()),
            _ => None,
        }
    }

    /// Which pieces the test item `name` stands for.
    fn wanted(&self, name: &Name) -> Wanted {
        match name.text.as_str() {
            "own" => Wanted::Own,
            "enemy" => Wanted::Enemy,
            "neutral" => Wanted::Neutral,
            "empty" => Wanted::Empty,
            _ => Wanted::Kind(self.kind_index(name).and_then(|k| u16::try_from(k).ok())),
        }
    }

    fn item_mask(&self, wanted: &Wanted, owner: Option<&Name>, p: u8) -> u128 {
        let owner = owner.map(|o| match o.text.as_str() {
            "enemy" => None,
            _ => Some(self.owner_for(o, p)),
        });
        let mut mask = u128::from(matches!(wanted, Wanted::Empty));
        for (i, piece) in self.t.pieces.iter().enumerate() {
            let owner_ok = match owner {
                None => true,
                Some(None) => piece.owner.is_some_and(|o| o != p),
                Some(Some(o)) => piece.owner.is_some() && piece.owner == o,
            };
            let hit = match wanted {
                Wanted::Own => piece.owner == Some(p),
                Wanted::Enemy => piece.owner.is_some_and(|o| o != p),
                Wanted::Neutral => piece.owner.is_none(),
                Wanted::Kind(kind) => *kind == Some(piece.kind) && owner_ok,
                Wanted::Empty => false,
            };
            if hit {
                mask |= 1 << (i + 1);
            }
        }
        mask
    }

    fn check_item(&mut self, name: &Name, owner: Option<&Name>, wanted: &Wanted) {
        const WORDS: [&str; 4] = ["empty", "own", "enemy", "neutral"];
        if let Some(o) = owner {
            if o.text != "enemy" && self.owner_for(o, 0).is_none() {
                self.misplaced(o, "not `own`, `enemy`, `next` or a player", "a test item is `empty`, `own`, `enemy`, `neutral`, a kind, or a kind after its owner: `own KIND`, `enemy KIND`, `next KIND`, `PLAYER KIND`");
            }
            if WORDS.contains(&name.text.as_str()) {
                self.misplaced(name, "not a kind", "after an owner comes a kind");
            }
        }
        if matches!(wanted, Wanted::Kind(None)) {
            let mut known: Vec<&str> = WORDS.to_vec();
            known.extend(self.t.kinds.iter().map(|k| k.0.as_str()));
            let help = suggestion_help(&name.text, "a test may name", &known);
            self.unknown("kind", name, help);
        }
    }
}

/// Which pieces a test item stands for, decided once per item.
enum Wanted {
    Own,
    Enemy,
    Neutral,
    Empty,
    /// A kind, by index (`None`: no kind of that name).
    Kind(Option<u16>),
}
