//! Reading a rules text (the `rules` string or a macro's) with the pest
//! grammar `grammar/core-rules.pest` into an [`Expr`], every name with
//! where it is written. pest stays inside this module.

use pest::Parser as _;
use pest::iterators::Pair;
use pest_derive::Parser;

use super::ast::{Assignment, Bound, Cmp, Compare, Expr, Item, MulOp, Name, Spot, StackOp, VExpr};

#[derive(Parser)]
#[grammar = "../grammar/core-rules.pest"]
struct RulesGrammar;

/// A rules text that does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where reading stopped.
    pub at: Spot,
    /// What was expected there.
    pub expected: String,
    /// How to write what the author probably meant, when the text at the
    /// error is a known slip (a comparison outside `{$ ...}`, `+=`).
    pub hint: Option<&'static str>,
}

/// Reads rules `source`, which is text number `text` of the ruleset.
///
/// ```
/// use relic::lang::parse::parse_rules;
/// assert!(parse_rules("any {empty} [stone] mark ->next", 0).is_ok());
/// assert!(parse_rules("any {empty", 0).is_err());
/// ```
pub fn parse_rules(source: &str, text: u16) -> Result<Expr, SyntaxError> {
    let mut pairs = RulesGrammar::parse(Rule::rules, source).map_err(|e| {
        let mut error = syntax(e, text);
        error.hint = slip_hint(source, error.at.start as usize);
        error
    })?;
    let rules = pairs.next().expect("the rules rule");
    let alt = rules.into_inner().next().expect("an expression");
    Ok(read_alt(alt, text))
}

/// Reads a macro's parameter list, `(a, b)`, into the names.
///
/// ```
/// use relic::lang::parse::parse_params;
/// assert_eq!(parse_params("(d, kind)").unwrap(), ["d", "kind"]);
/// assert!(parse_params("(d,)").is_none());
/// ```
pub fn parse_params(source: &str) -> Option<Vec<String>> {
    let mut pairs = RulesGrammar::parse(Rule::args, source).ok()?;
    let args = pairs.next()?;
    Some(
        args.into_inner()
            .filter(|p| p.as_rule() == Rule::ident)
            .map(|p| p.as_str().to_owned())
            .collect(),
    )
}

/// Whether `word` reads as one name in rules: a letter or `_`, then
/// letters, digits, `_`, and `-` before a letter (`crush-one`, not
/// `crush-1`, which reads as `crush` and a number).
///
/// ```
/// use relic::lang::parse::is_name;
/// assert!(is_name("crush-one") && is_name("_x2"));
/// assert!(!is_name("crush-1") && !is_name("2x") && !is_name("a b"));
/// ```
pub fn is_name(word: &str) -> bool {
    parse_params(&format!("({word})")).is_some_and(|p| p.len() == 1 && p[0] == word)
}

fn syntax(error: pest::error::Error<Rule>, text: u16) -> SyntaxError {
    let (start, end) = match error.location {
        pest::error::InputLocation::Pos(p) => (p, p),
        pest::error::InputLocation::Span((s, e)) => (s, e),
    };
    let expected = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<String> = Vec::new();
            for word in positives.iter().filter_map(|r| describe(*r)) {
                if !words.iter().any(|w| w == word) {
                    words.push(word.to_owned());
                }
            }
            match words.len() {
                0 => "a rule".to_owned(),
                _ => crate::prose::either(&words),
            }
        }
        // pest's own refusals: its stack guard and its call limit.
        pest::error::ErrorVariant::CustomError { message } => {
            format!("rules nested less deeply ({message})")
        }
    };
    let at = Spot {
        text,
        start: start as u32,
        end: end.max(start + 1) as u32,
    };
    SyntaxError {
        at,
        expected,
        hint: None,
    }
}

/// Whether `source` has a comma outside every bracket (`rook, queen`).
fn has_bare_comma(source: &str) -> bool {
    let mut depth = 0i32;
    source.chars().any(|c| {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
        c == ',' && depth == 0
    })
}

/// The usual way to write what the text at byte `at` of `source` tries to
/// say, when it is a slip authors make.
///
/// ```
/// use relic::lang::parse::parse_rules;
/// let error = parse_rules("any {height == 2} mark", 0).unwrap_err();
/// assert!(error.hint.unwrap().contains("{$ height == 2}"));
/// let error = parse_rules("[$ score += 1]", 0).unwrap_err();
/// assert!(error.hint.unwrap().contains("[$ score = score + 1]"));
/// ```
fn slip_hint(source: &str, at: usize) -> Option<&'static str> {
    let rest = source.get(at..)?.trim_start();
    let before = source.get(..at)?;
    let test_open = before.rfind('{').filter(|&o| !before[o..].contains('}'));
    let in_value_test = test_open.is_some_and(|o| before[o + 1..].trim_start().starts_with('$'));
    let compound = ["+=", "-=", "*=", "/=", "%="];
    let open = before.rfind(['[', '{']).unwrap_or(at);
    let close = at + source[at..].find([']', '}']).unwrap_or(source.len() - at);
    let segment = &source[open..close];
    if compound.iter().any(|op| segment.contains(op)) {
        return Some("there is no `+=`: assign the whole value, as in `[$ score = score + 1]`");
    }
    if segment.contains("++") || segment.contains("--") {
        return Some("there is no `++`: assign the whole value, as in `[$ score = score + 1]`");
    }
    let comparison = ["==", "!=", "<", ">"].iter().any(|op| rest.starts_with(op));
    if comparison && test_open.is_some() && !in_value_test {
        return Some(
            "a comparison of values is a value test `{$ ...}`: write `{$ height == 2}`, not `{height == 2}`",
        );
    }
    if rest.starts_with('=') && in_value_test {
        return Some(
            "a value test compares with `==`: write `{$ score == 3}`; `=` assigns, in `[$ ...]`",
        );
    }
    if has_bare_comma(source) {
        return Some(
            "a set of test items is itself a test: write `heavy = \"{rook, queen}\"`, then `{heavy}` or `{own heavy}` in tests",
        );
    }
    if rest.starts_with("&&") || rest.starts_with("||") || rest.starts_with("and ") {
        return Some(
            "tests in sequence must all hold (`{$ a > 1} {$ b > 2}`); either of two is a choice (`({$ a > 1} | {$ b > 2})`)",
        );
    }
    None
}

fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "the end of the rules",
        Rule::alt | Rule::seq | Rule::postfix | Rule::group | Rule::call | Rule::call_args => {
            "an action"
        }
        Rule::suffix | Rule::star | Rule::plus | Rule::optional | Rule::greedy => "an operator",
        Rule::bounds => "a repetition count",
        Rule::ident | Rule::item => "a name",
        Rule::int | Rule::number_arg | Rule::number => "a number",
        Rule::cmp => "a comparison (==, !=, <, <=, >, >=)",
        Rule::vexpr | Rule::compare | Rule::count | Rule::cells => "a value",
        Rule::cell | Rule::at_cells => "a cell name",
        Rule::word => "a word",
        Rule::quoted => "a quoted word (`\"M(\"`)",
        Rule::polarity => "`?` or `!`",
        Rule::once | Rule::scan | Rule::reach => "an action",
        Rule::addop | Rule::mulop => "an operator (`+`, `-`, `*`, `/`, `%`)",
        Rule::at_comma => "`,`",
        Rule::at_colon => "`:` (a range of cells)",
        Rule::at_close => "`}`",
        _ => return None,
    })
}

fn spot(pair: &Pair<Rule>, text: u16) -> Spot {
    let span = pair.as_span();
    Spot {
        text,
        start: span.start() as u32,
        end: span.end() as u32,
    }
}

fn name(pair: Pair<Rule>, text: u16) -> Name {
    Name {
        text: pair.as_str().to_owned(),
        at: spot(&pair, text),
    }
}

/// A marked word: as written, or a quoted word (`mark("M(")`) with its
/// quotes taken off and `\"`, `\\` read as `"`, `\`.
fn mark_word(pair: Pair<Rule>, text: u16) -> Name {
    let mut word = name(pair, text);
    if let Some(inner) = word
        .text
        .strip_prefix('"')
        .and_then(|w| w.strip_suffix('"'))
    {
        word.text = inner.replace("\\\"", "\"").replace("\\\\", "\\");
    }
    word
}

fn read_alt(pair: Pair<Rule>, text: u16) -> Expr {
    let mut alternatives: Vec<Expr> = pair.into_inner().map(|s| read_seq(s, text)).collect();
    match alternatives.len() {
        1 => alternatives.pop().expect("one"),
        _ => Expr::Alt(alternatives),
    }
}

fn read_seq(pair: Pair<Rule>, text: u16) -> Expr {
    let mut items: Vec<Expr> = pair.into_inner().map(|p| read_postfix(p, text)).collect();
    match items.len() {
        1 => items.pop().expect("one"),
        _ => Expr::Seq(items),
    }
}

fn read_postfix(pair: Pair<Rule>, text: u16) -> Expr {
    let mut inner = pair.into_inner();
    let mut expr = read_primary(inner.next().expect("a primary"), text);
    for suffix in inner {
        let op = suffix.into_inner().next().expect("an operator");
        let at = spot(&op, text);
        let (min, max) = match op.as_rule() {
            Rule::greedy => {
                expr = Expr::Greedy(Box::new(expr), at);
                continue;
            }
            Rule::star => (0, None),
            Rule::plus => (1, None),
            Rule::optional => (0, Some(1)),
            _ => {
                expr = counted(Box::new(expr), bounds(op, text), at);
                continue;
            }
        };
        let body = Box::new(expr);
        expr = Expr::Repeat { body, min, max, at };
    }
    expr
}

/// A repetition of `body` between `min` and `max` times: counted by
/// numbers, or by a macro's parameters.
fn counted(body: Box<Expr>, (min, max): (Bound, Option<Bound>), at: Spot) -> Expr {
    match (min, max) {
        (Bound::Fixed(min), None) => Expr::Repeat {
            body,
            min,
            max: None,
            at,
        },
        (Bound::Fixed(min), Some(Bound::Fixed(max))) => Expr::Repeat {
            body,
            min,
            max: Some(max),
            at,
        },
        (min, max) => Expr::Counted { body, min, max, at },
    }
}

/// `{n}`, `{m,n}` or `{m,}`, each a number or a parameter's name; numbers
/// too large saturate (and are refused by the check).
fn bounds(op: Pair<Rule>, text: u16) -> (Bound, Option<Bound>) {
    let mut min = Bound::Fixed(0);
    let mut max = None;
    let mut comma = false;
    for part in op.into_inner() {
        let bound = match part.as_rule() {
            Rule::comma => {
                comma = true;
                continue;
            }
            Rule::ident => Bound::Param(name(part, text)),
            _ => Bound::Fixed(part.as_str().parse().unwrap_or(u32::MAX)),
        };
        match comma {
            true => max = Some(bound),
            false => min = bound,
        }
    }
    if !comma {
        max = Some(min.clone());
    }
    (min, max)
}

fn read_primary(pair: Pair<Rule>, text: u16) -> Expr {
    let at = spot(&pair, text);
    let rule = pair.as_rule();
    let source = pair.as_str();
    let mut inner = pair.into_inner();
    match rule {
        Rule::group => read_alt(inner.next().expect("alt"), text),
        Rule::back => Expr::Back(Box::new(read_alt(inner.next().expect("alt"), text))),
        Rule::pattern => {
            let positive = inner.next().expect("polarity").as_str() == "?";
            let body = Box::new(read_alt(inner.next().expect("alt"), text));
            Expr::Pattern { positive, body }
        }
        Rule::vartest => Expr::VarTest(inner.map(|c| read_compare(c, text)).collect()),
        Rule::assign => Expr::Assign(inner.map(|a| read_assignment(a, text)).collect()),
        Rule::test => Expr::Test(inner.map(|i| read_item(i, text)).collect(), at),
        Rule::set => Expr::Set(read_item(inner.next().expect("item"), text)),
        Rule::stack => {
            // The operation's word is silent in the grammar (a `[` that
            // starts a put is not reported as a stack operation gone wrong).
            let op = [
                StackOp::Push,
                StackOp::Pop,
                StackOp::Lift,
                StackOp::Drop,
                StackOp::Become,
            ]
            .into_iter()
            .find(|op| source[1..].trim_start().starts_with(op.word()))
            .unwrap_or(StackOp::Drop);
            Expr::Stack(op, inner.next().map(|n| name(n, text)), at)
        }
        Rule::mark => Expr::Mark(inner.next().map(|w| mark_word(w, text)), at),
        Rule::switch => Expr::Switch(name(inner.next().expect("name"), text)),
        Rule::finish => {
            let result = name(inner.next().expect("result"), text);
            Expr::End(result, inner.next().map(|p| name(p, text)))
        }
        Rule::goto => Expr::Goto(name(inner.next().expect("cell"), text)),
        Rule::at_test => Expr::At(
            (inner.filter(|pair| pair.as_rule() == Rule::at_cells))
                .map(|cells| {
                    let mut corners = (cells.into_inner())
                        .filter(|pair| pair.as_rule() == Rule::cell)
                        .map(|cell| name(cell, text));
                    (corners.next().expect("a cell"), corners.next())
                })
                .collect(),
        ),
        Rule::once => Expr::Once(Box::new(read_alt(inner.next().expect("alt"), text)), at),
        Rule::reach => {
            let body = read_alt(inner.next().expect("alt"), text);
            let most = inner.next().map(|n| n.as_str().parse().unwrap_or(u32::MAX));
            Expr::Reach(Box::new(body), most, at)
        }
        Rule::cost => {
            let k = inner.next().expect("int").as_str();
            Expr::Cost(k.parse().unwrap_or(u32::MAX), at)
        }
        Rule::scan => {
            let mut order = Vec::new();
            let mut body = None;
            for part in inner {
                match part.as_rule() {
                    Rule::ident => order.push(name(part, text)),
                    _ => body = Some(read_alt(part, text)),
                }
            }
            Expr::Scan(order, Box::new(body.expect("a body")), at)
        }
        _ => {
            let called = name(inner.next().expect("name"), text);
            let args = match inner.next() {
                Some(args) => args.into_inner().map(|a| read_arg(a, text)).collect(),
                None => Vec::new(),
            };
            Expr::Call(called, args)
        }
    }
}

/// A macro's argument: rules, or a number (saturating when too large).
fn read_arg(pair: Pair<Rule>, text: u16) -> Expr {
    if pair.as_rule() != Rule::number_arg {
        return read_alt(pair, text);
    }
    let at = spot(&pair, text);
    let digits = pair.as_str();
    let n = digits.parse().unwrap_or(match digits.starts_with('-') {
        true => i64::MIN,
        false => i64::MAX,
    });
    Expr::Number(n, at)
}

fn read_item(pair: Pair<Rule>, text: u16) -> Item {
    let mut words: Vec<Name> = pair.into_inner().map(|w| name(w, text)).collect();
    let last = words.pop().expect("a word");
    Item {
        owner: words.pop(),
        name: last,
    }
}

fn read_compare(pair: Pair<Rule>, text: u16) -> Compare {
    let mut parts = pair.into_inner();
    let left = read_vexpr(parts.next().expect("left"), text);
    let op = match parts.next().expect("operator").as_str() {
        "==" => Cmp::Eq,
        "!=" => Cmp::Ne,
        "<=" => Cmp::Le,
        ">=" => Cmp::Ge,
        "<" => Cmp::Lt,
        _ => Cmp::Gt,
    };
    let right = read_vexpr(parts.next().expect("right"), text);
    Compare { left, op, right }
}

fn read_vexpr(pair: Pair<Rule>, text: u16) -> VExpr {
    let mut parts = pair.into_inner();
    let mut value = read_vprod(parts.next().expect("a product"), text);
    while let (Some(op), Some(term)) = (parts.next(), parts.next()) {
        let right = read_vprod(term, text);
        value = VExpr::Add(Box::new(value), op.as_str() == "+", Box::new(right));
    }
    value
}

fn read_vprod(pair: Pair<Rule>, text: u16) -> VExpr {
    let mut parts = pair.into_inner();
    let mut value = read_vterm(parts.next().expect("a term"), text);
    while let (Some(op), Some(term)) = (parts.next(), parts.next()) {
        let op = match op.as_str() {
            "*" => MulOp::Times,
            "/" => MulOp::Over,
            _ => MulOp::Rem,
        };
        value = VExpr::Mul(Box::new(value), op, Box::new(read_vterm(term, text)));
    }
    value
}

/// `v = value` or `v@PLAYER = value`.
fn read_assignment(pair: Pair<Rule>, text: u16) -> Assignment {
    let mut parts = pair.into_inner();
    let target = parts.next().expect("a variable");
    let value = read_vexpr(parts.next().expect("value"), text);
    match target.as_rule() {
        Rule::owned => {
            let (var, whose) = read_owned(target, text);
            let whose = Some(whose);
            Assignment { var, whose, value }
        }
        _ => Assignment {
            var: name(target, text),
            whose: None,
            value,
        },
    }
}

/// `v@PLAYER`: the variable and the player.
fn read_owned(pair: Pair<Rule>, text: u16) -> (Name, Name) {
    let mut names = pair.into_inner();
    let var = name(names.next().expect("a variable"), text);
    (var, name(names.next().expect("a player"), text))
}

fn read_vterm(pair: Pair<Rule>, text: u16) -> VExpr {
    let at = spot(&pair, text);
    match pair.as_rule() {
        Rule::int => VExpr::Int(pair.as_str().parse().unwrap_or(i64::MAX), at),
        Rule::count => {
            let test = pair.into_inner().next().expect("a test");
            VExpr::Count(test.into_inner().map(|i| read_item(i, text)).collect(), at)
        }
        Rule::vexpr => read_vexpr(pair, text),
        Rule::cells => {
            let body = read_alt(pair.into_inner().next().expect("alt"), text);
            VExpr::Cells(Box::new(body), at)
        }
        Rule::owned => {
            let (var, whose) = read_owned(pair, text);
            VExpr::Owned(var, whose)
        }
        _ => VExpr::Var(name(pair, text)),
    }
}
