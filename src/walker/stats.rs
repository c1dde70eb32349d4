//! Named stats (health, hunger, ...) with start values and bounds: every
//! change is clamped into the bounds.

/// One stat as the rules declare it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatDef {
    /// The name rules refer to it by (`hp`).
    pub name: String,
    /// The value at the start of play.
    pub start: i32,
    /// The least value; changes below it stop here.
    pub min: i32,
    /// The greatest value; changes above it stop here.
    pub max: i32,
}

/// The stats of a game, in declared order; values are kept by index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatTable {
    defs: Vec<StatDef>,
}

impl StatTable {
    /// A table of `defs` (each with `min <= start <= max`).
    pub fn new(defs: Vec<StatDef>) -> StatTable {
        StatTable { defs }
    }

    /// The declared stats.
    pub fn defs(&self) -> &[StatDef] {
        &self.defs
    }

    /// The index of the stat called `name`.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.defs.iter().position(|d| d.name == name)
    }

    /// Every stat's start value, by index.
    pub fn start_values(&self) -> Vec<i32> {
        self.defs.iter().map(|d| d.start).collect()
    }

    /// Adds `amount` to stat `stat` of `values`, clamped into its bounds.
    ///
    /// ```
    /// use relic::walker::stats::{StatDef, StatTable};
    /// let table = StatTable::new(vec![StatDef { name: "hp".into(), start: 100, min: 0, max: 100 }]);
    /// let mut values = table.start_values();
    /// table.change(&mut values, 0, 20);
    /// assert_eq!(values, [100]);
    /// table.change(&mut values, 0, -130);
    /// assert_eq!(values, [0]);
    /// ```
    pub fn change(&self, values: &mut [i32], stat: usize, amount: i32) {
        let def = &self.defs[stat];
        values[stat] = values[stat].saturating_add(amount).clamp(def.min, def.max);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> StatTable {
        StatTable::new(vec![
            StatDef {
                name: "hp".into(),
                start: 100,
                min: 0,
                max: 100,
            },
            StatDef {
                name: "hunger".into(),
                start: 0,
                min: 0,
                max: 10,
            },
        ])
    }

    #[test]
    fn changes_clamp_at_both_bounds() {
        let table = table();
        let mut values = table.start_values();
        table.change(&mut values, 1, -3);
        assert_eq!(values, [100, 0]);
        table.change(&mut values, 1, 14);
        assert_eq!(values, [100, 10]);
        table.change(&mut values, 0, -34);
        assert_eq!(values, [66, 10]);
        table.change(&mut values, 0, i32::MAX);
        assert_eq!(values, [100, 10]);
    }

    #[test]
    fn stats_are_found_by_name() {
        assert_eq!(table().index("hunger"), Some(1));
        assert_eq!(table().index("thirst"), None);
    }
}
