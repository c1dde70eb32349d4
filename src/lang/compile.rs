//! From a ruleset that passed the schema to a [`Program`]: the tables'
//! check, the rules and macros read, then compiled, every problem of every
//! stage gathered.

use std::collections::HashMap;

use super::check::check_tables;
use super::error::CoreError;
use super::keywords::REFUSED_NAMES;
use super::locate::{Found, Locator};
use super::lower::{EndingRules, Lower, Macro};
use super::parse::{parse_params, parse_rules};
use super::program::Program;
use super::schema::CoreRuleset;
use crate::config::tree::Node;

/// Checks and compiles `r`, read from `root` (whose files' texts are
/// `sources`): the program, or every problem found.
pub fn compile(r: &CoreRuleset, root: &Node, sources: &[String]) -> Result<Program, Vec<Found>> {
    let mut texts = vec![vec!["rules".to_owned()]];
    texts.extend(
        r.macros
            .keys()
            .map(|k| vec!["macros".to_owned(), k.clone()]),
    );
    texts.push(vec!["no_move_rules".to_owned()]);
    let first_refusal = texts.len();
    texts.extend(
        (r.refusals.keys()).map(|k| vec!["refusals".to_owned(), k.clone(), "rules".to_owned()]),
    );
    let spellings_text = texts.len() as u16;
    texts.push(vec!["spellings".to_owned()]);
    let repeated_text = texts.len() as u16;
    texts.push(vec!["repetition_rules".to_owned()]);
    let loc = Locator {
        root,
        sources,
        texts,
    };
    let mut out = Vec::new();
    let tables = check_tables(r, &loc, &mut out);
    let fen = (tables.as_ref()).map(|t| super::fen::table::fen_table(r, t, &loc, &mut out));
    let rules = read(&r.rules, 0, &loc, &mut out);
    let macros = macros(r, &loc, &mut out);
    let stuck =
        (r.no_move_rules.as_ref()).map(|s| read(s, (1 + r.macros.len()) as u16, &loc, &mut out));
    let refusals: Vec<(Option<super::ast::Expr>, String)> = (r.refusals.values().enumerate())
        .map(|(i, spec)| {
            let text = (first_refusal + i) as u16;
            (
                read(&spec.rules, text, &loc, &mut out),
                spec.message.clone(),
            )
        })
        .collect();
    let spellings = (r.spellings.as_ref()).map(|s| read(s, spellings_text, &loc, &mut out));
    let repeated = (r.repetition_rules.as_ref()).map(|s| read(s, repeated_text, &loc, &mut out));
    if r.forbid_repeat_times.is_some() && r.forbid_repeat.is_none() {
        let why = "it counts the repeats `forbid_repeat` forbids, and `forbid_repeat` is not set";
        let help = "add `forbid_repeat = \"position\"` (or `\"board\"`), or leave this key out";
        out.push(needs_key(&loc, "forbid_repeat_times", why, help));
    }
    if repeated.is_some() && r.repetition.is_none() {
        let why = "they run when a position repeats, and `repetition` is not set";
        let help =
            "add `repetition = 3` (the number of times a position occurs before these rules run)";
        out.push(needs_key(&loc, "repetition_rules", why, help));
    }
    let (Some(t), Some(rules), Some(fen)) = (tables, rules, fen) else {
        return Err(distinct(out));
    };
    let mut lower = Lower::new(&t, &r.players, &macros, &loc, &mut out);
    lower.program(&rules);
    let no_move_start = match stuck {
        Some(Some(stuck)) => Some(lower.ending_program(&stuck, EndingRules::NoMove)),
        _ => None,
    };
    let repetition_start = match repeated {
        Some(Some(rules)) => Some(lower.ending_program(&rules, EndingRules::Repetition)),
        _ => None,
    };
    let refusals: Vec<(u32, String)> = (refusals.into_iter())
        .filter_map(|(rules, message)| Some((lower.entry_program(&rules?), message)))
        .collect();
    let spellings = spellings.flatten().map(|rules| lower.entry_program(&rules));
    lower.unused_macros();
    let Lower {
        mut ops,
        mut masks,
        puts,
        becomes,
        values,
        words,
        loops,
        registers,
        scans,
        cells_bodies,
        at_sets,
        spots,
        ..
    } = lower;
    if !out.is_empty() {
        return Err(distinct(out));
    }
    super::program::specialise(&mut ops, &mut masks, r.players.len());
    let floods = super::flood::floods(&mut ops);
    // Before fusing, so that two copies of one body read alike.
    let markless = super::decided::markless(&ops);
    let guards = super::guards::Guards {
        ops: &ops,
        values: &values,
        variables: &t.variables,
        masks: &masks,
        players: r.players.len(),
        codes: t.pieces.len() + 1,
        cells: t.board.cells(),
    };
    let (decided, reasons) = super::decided::analyse(&guards, &markless);
    let listing_notes = super::stops::notes(&ops, &reasons, &spots);
    let entries: Vec<u32> = (no_move_start.into_iter())
        .chain(repetition_start)
        .chain(refusals.iter().map(|&(start, _)| start))
        .chain(spellings)
        .chain(cells_bodies)
        .collect();
    let fused = super::fuse::fuse(
        &mut ops,
        &masks,
        &t.board,
        &t.aliases,
        r.players.len(),
        &entries,
    );
    let anchored = super::anchor::anchored(&ops);
    let scan_guards = super::scan_guard::scan_guards(&ops, &masks, r.players.len());
    let selects = super::select::selects(&mut ops, &values);
    let mut program = Program {
        name: r.name.clone(),
        description: r.description.clone(),
        board: t.board,
        players: r.players.clone(),
        colours: super::check::seat_colours(r),
        look: t.look,
        kinds: t.kinds.into_iter().map(|k| k.0).collect(),
        pieces: t.pieces,
        variables: t.variables,
        slots: t.slots,
        aliases: t.aliases,
        decided,
        markless,
        anchored,
        scan_guards,
        ops,
        loops,
        scan_runs: scans.iter().map(|o| super::scan::runs(o)).collect(),
        quiet: Vec::new(),
        quiet_readers: Vec::new(),
        setwise: Default::default(),
        scans,
        at_sets,
        floods,
        selects,
        counting: super::program::counting(&values),
        reads_start: values.contains(&super::program::Value::Changed),
        reads_turn: values.contains(&super::program::Value::Turn),
        registers,
        masks,
        puts,
        becomes,
        values,
        words,
        separator: r.separator.clone(),
        heights: r.board.heights,
        no_move: r.no_move,
        no_move_start,
        repetition_start,
        refusals,
        spellings,
        notes: super::listing_note::SourceNotes {
            marks: listing_notes,
            texts: super::stops::texts(&loc),
        },
        start: t.start,
        start_below: t.start_below,
        first: t.first,
        repetition: r.repetition,
        forbid_repeat: r.forbid_repeat,
        forbid_repeat_times: r.forbid_repeat_times.unwrap_or(2),
        step_limit: r.step_limit.unwrap_or(super::machine::DEFAULT_STEP_LIMIT),
        quit: r.quit,
        penalty: Vec::new(),
        fen,
        fused,
        stacking: false,
        serial: super::program::Serial::next(),
    };
    super::quiet::add(&mut program);
    super::setwise::add(&mut program);
    program.stacking = !program.start_below.is_empty()
        || (program.ops.iter()).any(|op| {
            matches!(
                op,
                super::program::Op::Push(_) | super::program::Op::Drop(_)
            )
        });
    program.penalty = super::penalty::penalties(&r.penalty, &program, &loc, &mut out);
    match out.is_empty() {
        true => Ok(program),
        false => Err(out),
    }
}

/// `problems` with each one found more than once (a mistake in a macro
/// found at each of its uses) kept once, where it was first found.
/// A top-level `key` written without the key it works with.
fn needs_key(loc: &Locator, key: &str, why: &'static str, help: &str) -> Found {
    let (file, span) = loc.key_at(&[], key);
    let word = key.to_owned();
    let help = help.to_owned();
    let problem = CoreError::Misplaced {
        word,
        why,
        span,
        help,
    };
    (file, problem)
}

fn distinct(problems: Vec<Found>) -> Vec<Found> {
    let mut seen = std::collections::HashSet::new();
    (problems.into_iter())
        .filter(|(file, problem)| seen.insert((*file, format!("{problem:?}"))))
        .collect()
}

/// Where a rules text that does not read is sent for what the rules may say.
const SYNTAX_HELP: &str =
    "see rulesets/README.md, \"The core language\", for what the rules may say";

fn read(source: &str, text: u16, loc: &Locator, out: &mut Vec<Found>) -> Option<super::ast::Expr> {
    match parse_rules(source, text) {
        Ok(e) => Some(e),
        Err(e) => {
            let (file, span) = loc.spot(e.at);
            out.push((
                file,
                CoreError::Syntax {
                    expected: e.expected,
                    span,
                    help: e.hint.map_or_else(
                        || SYNTAX_HELP.to_owned(),
                        |hint| format!("{hint}; {SYNTAX_HELP}"),
                    ),
                },
            ));
            None
        }
    }
}

/// The key of the second macro named `name`, taking `arity` arguments:
/// not a name anyone can write.
pub(super) fn twice_given(name: &str, arity: usize) -> String {
    format!("{name}/{arity}")
}

/// The macros, by name; keys that are not `name` or `name(a, b)`, and
/// parameters named as keywords (which would hide the keyword in the
/// body), are reported.
fn macros(r: &CoreRuleset, loc: &Locator, out: &mut Vec<Found>) -> HashMap<String, Macro> {
    let mut macros = HashMap::new();
    for (i, (key, body)) in r.macros.iter().enumerate() {
        let (name, params) = match key.find('(') {
            None => (key.trim().to_owned(), Some(Vec::new())),
            Some(open) => (key[..open].trim().to_owned(), parse_params(&key[open..])),
        };
        let valid = super::parse::is_name(&name);
        let Some(params) = params.filter(|_| valid) else {
            let (file, span) = loc.key_at(&[crate::config::tree::Step::Key("macros")], key);
            out.push((
                file,
                CoreError::MacroKey {
                    key: key.clone(),
                    span,
                },
            ));
            continue;
        };
        for param in params
            .iter()
            .filter(|p| REFUSED_NAMES.contains(&p.as_str()))
        {
            let (file, span) = loc.key_at(&[crate::config::tree::Step::Key("macros")], key);
            out.push((
                file,
                CoreError::DuplicateName {
                    what: "macro parameter",
                    name: param.clone(),
                    other: "a keyword".to_owned(),
                    span,
                    first: None,
                },
            ));
        }
        let body = read(body, (i + 1) as u16, loc, out);
        let signature = key.clone();
        // A name given twice (`core::name::duplicate`) keeps both bodies,
        // the second by its arity, so that each use finds its own and no
        // second error follows from the first.
        let name = match macros.contains_key(&name) {
            true => twice_given(&name, params.len()),
            false => name,
        };
        macros.insert(
            name,
            Macro {
                params,
                body,
                signature,
            },
        );
    }
    macros
}
