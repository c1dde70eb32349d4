//! Effects on stats: a change by an amount, applied at once (an item's
//! use, entering a cell) or every n steps (hunger rising every fifth
//! step), in the order the rules declare.

use super::stats::StatTable;

/// Adds `amount` (negative: subtracts) to a stat, clamped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    /// The stat's index in the [`StatTable`].
    pub stat: usize,
    /// How much to add.
    pub amount: i32,
}

/// An effect applied on every `every`-th step of the whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Periodic {
    /// The period in steps (1: every step).
    pub every: u32,
    /// What happens.
    pub effect: Effect,
}

/// Applies `effects` in order to `values`.
///
/// ```
/// use relic::walker::effects::{apply_all, Effect};
/// use relic::walker::stats::{StatDef, StatTable};
/// let table = StatTable::new(vec![StatDef { name: "hp".into(), start: 50, min: 0, max: 100 }]);
/// let mut values = table.start_values();
/// apply_all(&table, &[Effect { stat: 0, amount: 20 }], &mut values);
/// assert_eq!(values, [70]);
/// ```
pub fn apply_all(table: &StatTable, effects: &[Effect], values: &mut [i32]) {
    for effect in effects {
        table.change(values, effect.stat, effect.amount);
    }
}

/// Applies, in order, the periodic effects due at step number `step`
/// (counted from 1).
pub fn apply_due(table: &StatTable, effects: &[Periodic], step: u32, values: &mut [i32]) {
    for periodic in effects {
        if step.is_multiple_of(periodic.every) {
            table.change(values, periodic.effect.stat, periodic.effect.amount);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walker::stats::StatDef;

    #[test]
    fn periodic_effects_fall_on_multiples_of_their_period() {
        let table = StatTable::new(vec![
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
        ]);
        let effects = [
            Periodic {
                every: 1,
                effect: Effect {
                    stat: 0,
                    amount: -1,
                },
            },
            Periodic {
                every: 5,
                effect: Effect { stat: 1, amount: 1 },
            },
        ];
        let mut values = table.start_values();
        for step in 1..=50 {
            apply_due(&table, &effects, step, &mut values);
        }
        assert_eq!(values, [50, 10]);
    }
}
