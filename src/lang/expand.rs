//! The core form of a ruleset (`relic rules show --expanded`): every
//! default written out and the rules with every macro expanded in place,
//! printed back in the rules language. It reads back to the same program.

use std::collections::HashMap;

use super::ast::{Assignment, Bound, Expr, Item, VExpr};
use super::parse::{parse_params, parse_rules};
use super::program::Program;
use super::schema::CoreRuleset;

type Env = HashMap<String, Expr>;

/// The resolved ruleset with macros expanded into `rules`, as TOML.
pub fn expanded_toml(ruleset: &CoreRuleset, _program: &Program) -> String {
    let mut full = ruleset.clone();
    let mut macros = HashMap::new();
    for (key, body) in &ruleset.macros {
        let (name, params) = match key.find('(') {
            None => (key.trim().to_owned(), Vec::new()),
            Some(open) => (
                key[..open].trim().to_owned(),
                parse_params(&key[open..]).unwrap_or_default(),
            ),
        };
        if let Ok(body) = parse_rules(body, 0) {
            macros.insert(name, (params, body));
        }
    }
    // Every text written out with its macros expanded, or the macros kept
    // where one does not read.
    let written = |text: &str| {
        parse_rules(text, 0)
            .ok()
            .map(|rules| print(&expand(&rules, &Env::new(), &macros, 0), 0))
    };
    let rules = written(&ruleset.rules);
    let stuck = ruleset.no_move_rules.as_deref().map(written);
    let refusals: Vec<Option<String>> = ruleset
        .refusals
        .values()
        .map(|r| written(&r.rules))
        .collect();
    let spellings = ruleset.spellings.as_deref().map(written);
    let repeated = ruleset.repetition_rules.as_deref().map(written);
    let all_read = rules.is_some()
        && stuck.iter().all(Option::is_some)
        && spellings.iter().all(Option::is_some)
        && repeated.iter().all(Option::is_some)
        && refusals.iter().all(Option::is_some);
    if all_read {
        full.rules = rules.unwrap_or_default();
        full.no_move_rules = stuck.flatten();
        full.spellings = spellings.flatten();
        full.repetition_rules = repeated.flatten();
        for (spec, text) in full.refusals.values_mut().zip(refusals) {
            spec.rules = text.unwrap_or_default();
        }
        full.macros.clear();
    }
    let mut value = toml::Value::try_from(&full).expect("core rulesets serialise");
    if let Some(table) = value.as_table_mut() {
        table.insert("separator".into(), full.separator.clone().into());
        let no_move = toml::Value::try_from(full.no_move).expect("serialises");
        table.insert("no_move".into(), no_move);
    }
    toml::to_string(&value).expect("core rulesets serialise to TOML")
}

/// The macros by name: their parameters and rules.
type Macros = HashMap<String, (Vec<String>, Expr)>;

fn expand(e: &Expr, env: &Env, macros: &Macros, depth: u32) -> Expr {
    let go = |e: &Expr| expand(e, env, macros, depth);
    match e {
        Expr::Call(name, args) if args.is_empty() && env.contains_key(&name.text) => {
            env[&name.text].clone()
        }
        Expr::Call(name, args) => match macros.get(&name.text) {
            Some((params, body)) if params.len() == args.len() && depth < 64 => {
                let inner: Env = params.iter().cloned().zip(args.iter().map(go)).collect();
                let body = super::progress::close(body, &inner);
                expand(&body, &Env::new(), macros, depth + 1)
            }
            _ => Expr::Call(name.clone(), args.iter().map(go).collect()),
        },
        Expr::Seq(items) => Expr::Seq(super::progress::counted_sequence(items, env, go)),
        Expr::Counted { body, min, max, at } => {
            super::progress::counted(Box::new(go(body)), (min, max.as_ref()), *at, env)
        }
        Expr::Alt(items) => Expr::Alt(items.iter().map(go).collect()),
        Expr::Repeat { body, min, max, at } => Expr::Repeat {
            body: Box::new(go(body)),
            min: *min,
            max: *max,
            at: *at,
        },
        Expr::Greedy(body, at) => Expr::Greedy(Box::new(go(body)), *at),
        Expr::Back(body) => Expr::Back(Box::new(go(body))),
        Expr::Once(body, at) => Expr::Once(Box::new(go(body)), *at),
        Expr::Reach(body, most, at) => Expr::Reach(Box::new(go(body)), *most, *at),
        Expr::Scan(order, body, at) => {
            let empty = Box::new(Expr::Seq(Vec::new()));
            let order = match super::progress::close(&Expr::Scan(order.clone(), empty, *at), env) {
                Expr::Scan(order, ..) => order,
                _ => order.clone(),
            };
            Expr::Scan(order, Box::new(go(body)), *at)
        }
        Expr::Pattern { positive, body } => Expr::Pattern {
            positive: *positive,
            body: Box::new(go(body)),
        },
        Expr::VarTest(..) | Expr::Assign(..) => {
            let sets = |items: &[Item]| expand_items(items, macros, 0);
            expand_values(super::progress::close(e, env), &|body| go(body), &sets)
        }
        Expr::Test(..) => match super::progress::close(e, env) {
            Expr::Test(items, at) => Expr::Test(expand_items(&items, macros, 0), at),
            other => other,
        },
        other => super::progress::close(other, env),
    }
}

/// Test items with the sets of items that macros name written out
/// (`{own heavy}` with `heavy = "{rook, queen}"`: `{own rook, own queen}`).
fn expand_items(items: &[Item], macros: &Macros, depth: u32) -> Vec<Item> {
    let mut out = Vec::new();
    for item in items {
        match macros.get(&item.name.text) {
            Some((params, Expr::Test(set, _))) if params.is_empty() && depth < 8 => {
                let owned = set.iter().map(|i| Item {
                    owner: i.owner.clone().or_else(|| item.owner.clone()),
                    name: i.name.clone(),
                });
                out.extend(expand_items(&owned.collect::<Vec<_>>(), macros, depth + 1));
            }
            _ => out.push(item.clone()),
        }
    }
    out
}

type Go<'a> = &'a dyn Fn(&Expr) -> Expr;
type Sets<'a> = &'a dyn Fn(&[Item]) -> Vec<Item>;

/// A comparison or assignment with the rules of its `cells(...)` values
/// expanded by `go`, and the sets its counts name by `sets`.
fn expand_values(e: Expr, go: Go, sets: Sets) -> Expr {
    fn value(v: VExpr, go: Go, sets: Sets) -> VExpr {
        match v {
            VExpr::Cells(body, at) => VExpr::Cells(Box::new(go(&body)), at),
            VExpr::Count(items, at) => VExpr::Count(sets(&items), at),
            VExpr::Add(a, plus, b) => VExpr::Add(
                Box::new(value(*a, go, sets)),
                plus,
                Box::new(value(*b, go, sets)),
            ),
            VExpr::Mul(a, op, b) => VExpr::Mul(
                Box::new(value(*a, go, sets)),
                op,
                Box::new(value(*b, go, sets)),
            ),
            other => other,
        }
    }
    match e {
        Expr::VarTest(cs) => Expr::VarTest(
            (cs.into_iter())
                .map(|c| super::ast::Compare {
                    left: value(c.left, go, sets),
                    op: c.op,
                    right: value(c.right, go, sets),
                })
                .collect(),
        ),
        Expr::Assign(list) => Expr::Assign(
            list.into_iter()
                .map(|a| Assignment {
                    value: value(a.value, go, sets),
                    ..a
                })
                .collect(),
        ),
        other => other,
    }
}

/// `e` in the rules language; `prec` 0 in a choice, 1 in a sequence, 2
/// under a postfix operator.
///
/// ```
/// use relic::lang::parse::parse_rules;
/// let e = parse_rules("(n {empty})* | [stone] mark ->next", 0).unwrap();
/// assert_eq!(relic::lang::print_rules(&e), "(n {empty})* | [stone] mark ->next");
/// ```
pub fn print(e: &Expr, prec: u8) -> String {
    let text = match e {
        Expr::Alt(items) => {
            let s: Vec<String> = items.iter().map(|i| print(i, 1)).collect();
            return wrap(s.join(" | "), prec > 0);
        }
        Expr::Seq(items) => {
            let s: Vec<String> = items.iter().map(|i| print(i, 2)).collect();
            return wrap(s.join(" "), prec > 1 || items.is_empty());
        }
        Expr::Repeat { body, min, max, .. } => {
            let op = match (min, max) {
                (0, None) => "*".to_owned(),
                (1, None) => "+".to_owned(),
                (0, Some(1)) => "?".to_owned(),
                (m, None) => format!("{{{m},}}"),
                (m, Some(n)) if m == n => format!("{{{m}}}"),
                (m, Some(n)) => format!("{{{m},{n}}}"),
            };
            format!("{}{op}", print(body, 3))
        }
        Expr::Counted { body, min, max, .. } => {
            let word = |b: &Bound| match b {
                Bound::Fixed(n) => n.to_string(),
                Bound::Param(name) => name.text.clone(),
            };
            let op = match max {
                None => format!("{{{},}}", word(min)),
                Some(max) => format!("{{{},{}}}", word(min), word(max)),
            };
            format!("{}{op}", print(body, 3))
        }
        Expr::Greedy(body, _) => format!("{}*!", print(body, 3)),
        Expr::Back(body) => format!("<{}>", print(body, 0)),
        Expr::Once(body, _) => format!("once({})", print(body, 0)),
        Expr::Reach(body, None, _) => format!("reach({})", print(body, 0)),
        Expr::Reach(body, Some(most), _) => format!("reach({}, {most})", print(body, 0)),
        Expr::Cost(k, _) => format!("cost({k})"),
        Expr::Number(n, _) => n.to_string(),
        Expr::Scan(order, body, _) => {
            let order: Vec<&str> = order.iter().map(|n| n.text.as_str()).collect();
            format!("scan({}, {})", order.join(" "), print(body, 0))
        }
        Expr::Pattern { positive, body } => format!(
            "{{{} {}}}",
            if *positive { "?" } else { "!" },
            print(body, 0)
        ),
        Expr::Test(items, _) => format!(
            "{{{}}}",
            items.iter().map(item).collect::<Vec<_>>().join(", ")
        ),
        Expr::Set(i) => format!("[{}]", item(i)),
        Expr::Stack(op, None, _) => format!("[{}]", op.word()),
        Expr::Stack(op, Some(n), _) => format!("[{} {}]", op.word(), n.text),
        Expr::VarTest(cs) => {
            let s: Vec<String> = cs
                .iter()
                .map(|c| format!("{} {} {}", value(&c.left), c.op.symbol(), value(&c.right)))
                .collect();
            format!("{{$ {}}}", s.join(", "))
        }
        Expr::Assign(list) => {
            let s: Vec<String> = list
                .iter()
                .map(|a| match &a.whose {
                    None => format!("{} = {}", a.var.text, value(&a.value)),
                    Some(w) => format!("{}@{} = {}", a.var.text, w.text, value(&a.value)),
                })
                .collect();
            format!("[$ {}]", s.join(", "))
        }
        Expr::Mark(None, _) => "mark".to_owned(),
        Expr::Mark(Some(w), _) => format!("mark({})", mark_word(&w.text)),
        Expr::Switch(n) => format!("->{}", n.text),
        Expr::End(r, None) => format!("end({})", r.text),
        Expr::End(r, Some(w)) => format!("end({} {})", r.text, w.text),
        Expr::Goto(n) => format!("@{}", n.text),
        Expr::At(cells) => format!(
            "{{@ {}}}",
            cells
                .iter()
                .map(|(a, b)| match b {
                    Some(b) => format!("{}:{}", a.text, b.text),
                    None => a.text.clone(),
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Expr::Call(n, args) if args.is_empty() => n.text.clone(),
        Expr::Call(n, args) => {
            let s: Vec<String> = args.iter().map(|a| print(a, 0)).collect();
            format!("{}({})", n.text, s.join(", "))
        }
    };
    match (prec > 2, e) {
        (true, Expr::Repeat { .. } | Expr::Greedy(..)) => format!("({text})"),
        _ => text,
    }
}

fn wrap(s: String, parens: bool) -> String {
    if parens { format!("({s})") } else { s }
}

fn item(i: &Item) -> String {
    match &i.owner {
        Some(o) => format!("{} {}", o.text, i.name.text),
        None => i.name.text.clone(),
    }
}

fn value(v: &VExpr) -> String {
    match v {
        // Values write no negative numbers: a number given to a macro may be.
        VExpr::Int(n, _) if *n < 0 => format!("(0 - {})", n.unsigned_abs()),
        VExpr::Int(n, _) => n.to_string(),
        VExpr::Var(n) => n.text.clone(),
        VExpr::Owned(v, whose) => format!("{}@{}", v.text, whose.text),
        VExpr::Count(items, _) => format!(
            "count{{{}}}",
            items.iter().map(item).collect::<Vec<_>>().join(", ")
        ),
        VExpr::Cells(body, _) => format!("cells({})", print(body, 0)),
        VExpr::Add(a, plus, b) => {
            let right = match **b {
                VExpr::Add(..) => format!("({})", value(b)),
                _ => value(b),
            };
            format!("{} {} {right}", value(a), if *plus { "+" } else { "-" })
        }
        VExpr::Mul(a, op, b) => {
            let left = match **a {
                VExpr::Add(..) => format!("({})", value(a)),
                _ => value(a),
            };
            let right = match **b {
                VExpr::Add(..) | VExpr::Mul(..) => format!("({})", value(b)),
                _ => value(b),
            };
            format!("{left} {} {right}", op.symbol())
        }
    }
}

/// A marked word as the rules write it: bare when the grammar's `word`
/// reads it, else quoted (`mark("M(")`).
fn mark_word(word: &str) -> String {
    let bare = |c: char| c.is_ascii_alphanumeric() || "=+/:_-@".contains(c);
    match !word.is_empty() && word.chars().all(bare) {
        true => word.to_owned(),
        false => format!("\"{}\"", word.replace('\\', "\\\\").replace('"', "\\\"")),
    }
}
