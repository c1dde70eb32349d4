//! Static facts about rules expressions used by the compiler: whether an
//! expression can match without making progress (no cursor move, no
//! change: a repetition of it would loop forever), and the closing of a
//! macro argument over the parameters of the use it is written in.

use std::collections::HashMap;

use super::ast::{Assignment, Bound, Expr, Item, Macro, Name, Spot, VExpr};
use super::board::Board;

/// What the check needs to know of names: the board's directions, the
/// player directions and the macros.
pub type Names<'a> = (&'a Board, &'a [String], &'a HashMap<String, Macro>);

type Env = HashMap<String, Expr>;

/// How deep macro uses are followed when looking for progress.
const DEPTH: u32 = 32;

/// Whether `e` can match standing still: without moving the cursor (when
/// `moves_count`) and without changing a cell, variable or the notation.
pub fn still(e: &Expr, env: &Env, names: Names, moves_count: bool) -> bool {
    still_at(e, env, names, moves_count, 0)
}

fn still_at(e: &Expr, env: &Env, l: Names, moves: bool, depth: u32) -> bool {
    let go = |e: &Expr| still_at(e, env, l, moves, depth);
    match e {
        Expr::Seq(items) => items.iter().all(go),
        Expr::Alt(alts) => alts.iter().any(go),
        Expr::Repeat { body, min, .. } => *min == 0 || go(body),
        Expr::Counted { body, min, .. } => bound_value(min, env).is_none_or(|n| n <= 0) || go(body),
        Expr::Back(body) => still_at(body, env, l, false, depth),
        Expr::Once(body, _) => go(body),
        // The cursor's own cell is always reached, and the steps' changes
        // are undone.
        Expr::Reach(..) => true,
        // A scan that changes nothing matched its body nowhere, unless the
        // body itself can match standing still (its moves are undone).
        Expr::Scan(_, body, _) => still_at(body, env, l, false, depth),
        Expr::Greedy(..)
        | Expr::Pattern { .. }
        | Expr::Test(..)
        | Expr::VarTest(_)
        | Expr::Cost(..) => true,
        // Not rules: refused where it stands for them.
        Expr::Number(..) => true,
        Expr::Set(_)
        | Expr::Stack(..)
        | Expr::Assign(_)
        | Expr::Mark(..)
        | Expr::Switch(_)
        | Expr::End(..) => false,
        Expr::Goto(_) => !moves,
        Expr::At(_) => true,
        Expr::Call(name, args) => {
            if let (Some(arg), true) = (env.get(&name.text), args.is_empty()) {
                return still_at(arg, &Env::new(), l, moves, depth);
            }
            if args.is_empty()
                && (name.text == "any"
                    || l.0.direction(&name.text).is_some()
                    || l.1.contains(&name.text))
            {
                return !moves;
            }
            match l.2.get(&name.text) {
                Some(m) if depth < DEPTH && m.params.len() == args.len() => {
                    let Some(body) = &m.body else { return false };
                    let inner: Env = (m.params.iter().cloned())
                        .zip(args.iter().map(|a| close(a, env)))
                        .collect();
                    still_at(body, &inner, l, moves, depth + 1)
                }
                _ => false,
            }
        }
    }
}

/// `e` with the parameters of `env` replaced by their arguments.
pub fn close(e: &Expr, env: &Env) -> Expr {
    if env.is_empty() {
        return e.clone();
    }
    let boxed = |b: &Expr| Box::new(close(b, env));
    match e {
        Expr::Seq(items) => Expr::Seq(counted_sequence(items, env, |i| close(i, env))),
        Expr::Alt(alts) => Expr::Alt(alts.iter().map(|i| close(i, env)).collect()),
        Expr::Repeat { body, min, max, at } => Expr::Repeat {
            body: boxed(body),
            min: *min,
            max: *max,
            at: *at,
        },
        Expr::Counted { body, min, max, at } => counted(boxed(body), (min, max.as_ref()), *at, env),
        Expr::Greedy(body, at) => Expr::Greedy(boxed(body), *at),
        Expr::Back(body) => Expr::Back(boxed(body)),
        Expr::Once(body, at) => Expr::Once(boxed(body), *at),
        Expr::Reach(body, most, at) => Expr::Reach(boxed(body), *most, *at),
        Expr::Cost(k, at) => Expr::Cost(*k, *at),
        Expr::Number(n, at) => Expr::Number(*n, *at),
        Expr::Scan(order, body, at) => Expr::Scan(
            order.iter().map(|n| name(n, env)).collect(),
            boxed(body),
            *at,
        ),
        Expr::Pattern { positive, body } => Expr::Pattern {
            positive: *positive,
            body: boxed(body),
        },
        Expr::Test(items, at) => Expr::Test(items.iter().map(|i| item(i, env)).collect(), *at),
        Expr::Set(i) => Expr::Set(item(i, env)),
        Expr::Stack(op, n, at) => Expr::Stack(*op, n.as_ref().map(|n| name(n, env)), *at),
        Expr::VarTest(cs) => Expr::VarTest(
            cs.iter()
                .map(|c| super::ast::Compare {
                    left: value(&c.left, env),
                    op: c.op,
                    right: value(&c.right, env),
                })
                .collect(),
        ),
        Expr::Assign(list) => Expr::Assign(
            list.iter()
                .map(|a| Assignment {
                    var: name(&a.var, env),
                    whose: a.whose.as_ref().map(|w| name(w, env)),
                    value: value(&a.value, env),
                })
                .collect(),
        ),
        Expr::Mark(w, at) => Expr::Mark(w.as_ref().map(|w| name(w, env)), *at),
        Expr::Switch(n) => Expr::Switch(name(n, env)),
        Expr::End(r, w) => Expr::End(r.clone(), w.as_ref().map(|w| name(w, env))),
        Expr::Goto(n) => Expr::Goto(name(n, env)),
        Expr::At(cells) => Expr::At(
            (cells.iter())
                .map(|(a, b)| (name(a, env), b.as_ref().map(|b| name(b, env))))
                .collect(),
        ),
        Expr::Call(n, args) if args.is_empty() && env.contains_key(&n.text) => env[&n.text].clone(),
        Expr::Call(n, args) => Expr::Call(n.clone(), args.iter().map(|a| close(a, env)).collect()),
    }
}

/// The count `bound` stands for where the parameters are `env`: its
/// number, or the number given for its parameter (`None`: a parameter
/// given anything else, or nothing).
pub fn bound_value(bound: &Bound, env: &Env) -> Option<i64> {
    match bound {
        Bound::Fixed(n) => Some(i64::from(*n)),
        Bound::Param(name) => match env.get(&name.text) {
            Some(Expr::Number(k, _)) => Some(*k),
            _ => None,
        },
    }
}

/// A test in a sequence that counts what comes before it: `{k}` or
/// `{k, m}` (braces that name things are a test when read) where every
/// name is a parameter given a whole number of at least 0. The fewest and
/// most times, and where the count is written: with `k` given 3, `n{k}`
/// is `n{3}`; with `k` given rules, `{k}` tests them.
pub fn counted_by(test: &Expr, env: &Env) -> Option<(u32, u32, Spot)> {
    let Expr::Test(items, at) = test else {
        return None;
    };
    let number = |item: &Item| match (&item.owner, env.get(&item.name.text)) {
        (None, Some(Expr::Number(k, _))) => u32::try_from(*k).ok(),
        _ => None,
    };
    match items.as_slice() {
        [one] => number(one).map(|n| (n, n, *at)),
        [fewest, most] => Some((number(fewest)?, number(most)?, *at)),
        _ => None,
    }
}

/// `items` each made by `each`, but each test that counts the item
/// before it ([`counted_by`] in `env`) made the repetition it stands for.
pub fn counted_sequence(items: &[Expr], env: &Env, each: impl Fn(&Expr) -> Expr) -> Vec<Expr> {
    let mut made: Vec<Expr> = Vec::with_capacity(items.len());
    for item in items {
        match (counted_by(item, env), made.pop()) {
            (Some((min, max, at)), Some(body)) => made.push(Expr::Repeat {
                body: Box::new(body),
                min,
                max: Some(max),
                at,
            }),
            (_, last) => {
                made.extend(last);
                made.push(each(item));
            }
        }
    }
    made
}

/// A repetition counted by `bounds`, closed over `env`: a
/// [`Expr::Repeat`] where each bound is a number, else still counted by
/// the parameters left (the compiler refuses what is not a number).
pub fn counted(body: Box<Expr>, (min, max): (&Bound, Option<&Bound>), at: Spot, env: &Env) -> Expr {
    let value = |b: &Bound| bound_value(b, env).and_then(|n| u32::try_from(n).ok());
    match (value(min), max.map(value)) {
        (Some(min), None) => Expr::Repeat {
            body,
            min,
            max: None,
            at,
        },
        (Some(min), Some(Some(max))) => Expr::Repeat {
            body,
            min,
            max: Some(max),
            at,
        },
        _ => {
            let keep = |b: &Bound| match (value(b), b) {
                (Some(n), _) => Bound::Fixed(n),
                (None, Bound::Param(n)) => Bound::Param(name(n, env)),
                (None, fixed) => fixed.clone(),
            };
            let (min, max) = (keep(min), max.map(keep));
            Expr::Counted { body, min, max, at }
        }
    }
}

/// A name position: a parameter bound to a single name becomes that name,
/// one bound to a number its digits (any other argument is left for the
/// compiler to refuse).
fn name(n: &Name, env: &Env) -> Name {
    match env.get(&n.text) {
        Some(Expr::Call(arg, args)) if args.is_empty() => arg.clone(),
        Some(Expr::Number(k, at)) => Name {
            text: k.to_string(),
            at: *at,
        },
        _ => n.clone(),
    }
}

fn item(i: &Item, env: &Env) -> Item {
    Item {
        owner: i.owner.as_ref().map(|o| name(o, env)),
        name: name(&i.name, env),
    }
}

fn value(v: &VExpr, env: &Env) -> VExpr {
    match v {
        VExpr::Int(..) => v.clone(),
        VExpr::Var(n) => match env.get(&n.text) {
            Some(Expr::Number(k, _)) => VExpr::Int(*k, n.at),
            _ => VExpr::Var(name(n, env)),
        },
        VExpr::Owned(v, whose) => VExpr::Owned(name(v, env), name(whose, env)),
        VExpr::Count(items, at) => VExpr::Count(items.iter().map(|i| item(i, env)).collect(), *at),
        VExpr::Cells(body, at) => VExpr::Cells(Box::new(close(body, env)), *at),
        VExpr::Add(a, plus, b) => {
            VExpr::Add(Box::new(value(a, env)), *plus, Box::new(value(b, env)))
        }
        VExpr::Mul(a, op, b) => VExpr::Mul(Box::new(value(a, env)), *op, Box::new(value(b, env))),
    }
}
