use super::*;
use crate::lang::program::Who;

fn var(min: i32, max: i32) -> Variable {
    Variable {
        name: "x".into(),
        slot: 0,
        per_player: false,
        min,
        max,
        start: crate::lang::schema::StartValue::One(0),
        repetition: true,
        shown: true,
    }
}

fn guards<'a>(ops: &'a [Op], values: &'a [Value], variables: &'a [Variable]) -> Guards<'a> {
    Guards {
        ops,
        values,
        variables,
        masks: &[0b001, 0b001, 0b110, 0b110, 0b010, 0b010],
        players: 2,
        codes: 3,
        cells: 9,
    }
}

/// `Split`, the first way's guard(s) at 1.., `Jump` out, the second way.
/// (Where a way goes on follows its jumps: both ways end at the end.)
fn choice(first: &[Op], second: &[Op]) -> Vec<Op> {
    let then = first.len() + 2;
    let end = (then + second.len()) as u32;
    let mut ops = vec![Op::Split(then as u32)];
    ops.extend_from_slice(first);
    ops.push(Op::Jump(end));
    ops.extend_from_slice(second);
    ops.push(Op::Fail);
    ops
}

/// A choice of three ways, each one guard: `a | b | c`.
fn three(a: Op, b: Op, c: Op) -> Vec<Op> {
    vec![
        Op::Split(3),
        a,
        Op::Jump(7),
        Op::Split(6),
        b,
        Op::Jump(7),
        c,
        Op::Fail,
    ]
}

#[test]
fn a_comparison_and_its_negation_cover_every_number() {
    let values = [
        Value::Var(0, Who::Current),
        Value::Int(100),
        Value::Var(0, Who::Current),
    ];
    let ops = choice(&[Op::Compare(0, Cmp::Ge, 1)], &[Op::Compare(1, Cmp::Gt, 2)]);
    let vars = [var(0, 200)];
    assert_eq!(guards(&ops, &values, &vars).exhaustive(0), Some(vec![4, 4]));
}

#[test]
fn comparisons_that_may_both_fail_do_not() {
    let values = [Value::Var(0, Who::Current), Value::Int(100)];
    let ops = choice(&[Op::Compare(0, Cmp::Gt, 1)], &[Op::Compare(0, Cmp::Lt, 1)]);
    let vars = [var(0, 200)];
    assert_eq!(guards(&ops, &values, &vars).exhaustive(0), None);
}

#[test]
fn a_variable_s_range_counts() {
    // `{$ x > 1} | {$ x == 1} | {$ x == 0}`: every x from 0 up.
    let values = [Value::Var(0, Who::Current), Value::Int(1), Value::Int(0)];
    let ways = three(
        Op::Compare(0, Cmp::Gt, 1),
        Op::Compare(0, Cmp::Eq, 1),
        Op::Compare(0, Cmp::Eq, 2),
    );
    let vars = [var(0, 5)];
    assert_eq!(
        guards(&ways, &values, &vars).exhaustive(0),
        Some(vec![7, 7, 7])
    );
    let below = [var(-1, 5)];
    assert_eq!(guards(&ways, &values, &below).exhaustive(0), None, "x = -1");
}

#[test]
fn a_pattern_and_its_negation_elsewhere_cover_every_state() {
    let ops = [
        Op::Split(5),
        Op::Probe(true, 4),
        Op::Shift(0),
        Op::Accept,
        Op::Jump(9),
        Op::Probe(false, 8),
        Op::Shift(0),
        Op::Accept,
        Op::Fail,
    ];
    assert_eq!(guards(&ops, &[], &[]).exhaustive(0), Some(vec![9, 8]));
    let mut other = ops;
    other[6] = Op::Shift(1);
    assert_eq!(guards(&other, &[], &[]).exhaustive(0), None, "other bodies");
    let mut both = ops;
    both[5] = Op::Probe(true, 8);
    assert_eq!(
        guards(&both, &[], &[]).exhaustive(0),
        None,
        "the same polarity"
    );
}

#[test]
fn cell_tests_cover_every_code_they_name() {
    // Masks 0 (code 0) and 1 (codes 1 and 2): every code.
    let ops = choice(&[Op::Test(0)], &[Op::Test(1)]);
    assert_eq!(guards(&ops, &[], &[]).exhaustive(0), Some(vec![4, 4]));
    // Masks 0 and 2 (code 1 only): code 2 passes neither.
    let ops = choice(&[Op::Test(0)], &[Op::Test(2)]);
    assert_eq!(guards(&ops, &[], &[]).exhaustive(0), None);
}

#[test]
fn a_way_without_guards_is_not_looked_at() {
    let ops = choice(&[Op::Compare(0, Cmp::Eq, 0)], &[Op::Mark]);
    assert_eq!(guards(&ops, &[Value::Int(1)], &[]).exhaustive(0), None);
}

#[test]
fn two_values_compared_three_ways_cover_every_state() {
    // `{$ a > b} | {$ a == b} | {$ b > a}` (the last written the other way
    // round), with a and b two variables.
    let values = [Value::Var(0, Who::Current), Value::Var(1, Who::Current)];
    let vars = [var(0, 9), var(0, 9)];
    let three = three(
        Op::Compare(0, Cmp::Gt, 1),
        Op::Compare(0, Cmp::Eq, 1),
        Op::Compare(1, Cmp::Gt, 0),
    );
    assert!(
        guards(&three, &values, &vars).exhaustive(0).is_some(),
        "a > b | a == b | b > a"
    );
    let two = choice(&[Op::Compare(0, Cmp::Ge, 1)], &[Op::Compare(1, Cmp::Gt, 0)]);
    assert!(
        guards(&two, &values, &vars).exhaustive(0).is_some(),
        "a >= b | b > a"
    );
    let gap = choice(&[Op::Compare(0, Cmp::Gt, 1)], &[Op::Compare(1, Cmp::Gt, 0)]);
    assert_eq!(
        guards(&gap, &values, &vars).exhaustive(0),
        None,
        "a > b | b > a"
    );
}

#[test]
fn a_pattern_of_a_pattern_is_read_as_one() {
    // `{! {? e}} | {? e}`, with `e` a test of the cell: complements.
    let negated = [
        Op::Pattern(false, 6),
        Op::Pattern(true, 5),
        Op::Test(0),
        Op::Accept,
        Op::Accept,
    ];
    let plain = [Op::Pattern(true, 10), Op::Test(0), Op::Accept];
    let ops = choice(&negated, &plain);
    let vars = [var(0, 9)];
    assert!(guards(&ops, &[], &vars).exhaustive(0).is_some());
}
