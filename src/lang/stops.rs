//! Where listing a position's actions stops after a mark, said in the
//! author's words (`relic rules decided`): for each mark of the
//! rules, whether the rest of the turn after it is decided (so that
//! listing records the action there and leaves the rest to applying it,
//! [`super::decided`]), and if not, what is to blame, pointed at where it
//! is written.

use std::collections::BTreeMap;

use super::ast::Spot;
use super::decided::Undecided;
pub use super::listing_note::{Blame, ListingNote, SourceNotes};
use super::program::{Op, Program};

/// One note per mark as written, in the order of the texts: a mark is
/// decided when every copy of it is.
pub(super) fn notes(
    ops: &[Op],
    reasons: &[(usize, Undecided)],
    spots: &[Spot],
) -> Vec<ListingNote> {
    let spot = |pc: usize| spots.get(pc).copied().unwrap_or_default();
    let key = |s: Spot| (s.text, s.start, s.end);
    let mut by_mark: BTreeMap<(u16, u32, u32), ListingNote> = BTreeMap::new();
    for pc in (0..ops.len()).filter(|&pc| matches!(ops[pc], Op::Mark | Op::Word(_))) {
        let mark = spot(pc);
        by_mark
            .entry(key(mark))
            .or_insert(ListingNote { mark, why: None });
    }
    for &(pc, reason) in reasons {
        let why = match reason {
            Undecided::MarkFollows(at) => (Blame::MarkFollows, spot(at)),
            Undecided::MayFail(at) => (Blame::MayFail, spot(at)),
        };
        let note = by_mark.entry(key(spot(pc))).or_insert(ListingNote {
            mark: spot(pc),
            why: None,
        });
        note.why.get_or_insert(why);
    }
    by_mark.into_values().collect()
}

/// The notes of `program` as lines: each mark's place (`rules 1:13`,
/// `macros.move 2:4`), its text, and what listing does after it.
///
/// ```
/// let checkers = relic::lang::builtin_core("checkers").unwrap().unwrap();
/// let text = relic::lang::stops::describe(&checkers);
/// assert!(text.contains("listing stops after"), "{text}");
/// ```
pub fn describe(program: &Program) -> String {
    let notes = &program.notes.marks;
    let stops = notes.iter().filter(|n| n.why.is_none()).count();
    let (name, marks) = (&program.name, notes.len());
    let mut out = match stops {
        0 => format!(
            "{name}: listing stops after none of its {marks} marks; every action is followed to the end of its turn when listed\n"
        ),
        _ => format!(
            "{name}: listing stops after {stops} of its {marks} marks; the rest of the turn after them runs only for the action played\n"
        ),
    };
    for note in notes {
        let what = match note.why {
            None => "decided: listing stops here".to_owned(),
            Some((Blame::MarkFollows, at)) if at == note.mark => {
                "the same mark may come again (a chain)".to_owned()
            }
            Some((Blame::MarkFollows, at)) => {
                format!("another mark may follow ({})", place(program, at))
            }
            Some((Blame::MayFail, at)) => format!("{} may fail", place(program, at)),
        };
        out.push_str(&format!("  after {}: {what}\n", place(program, note.mark)));
    }
    out
}

/// `` `text` at where line:column `` for a spot of the program's texts.
fn place(program: &Program, spot: Spot) -> String {
    let Some((name, text)) = program.notes.texts.get(usize::from(spot.text)) else {
        return "(generated)".to_owned();
    };
    let start = (spot.start as usize).min(text.len());
    let end = (spot.end as usize).clamp(start, text.len());
    let before = &text[..start];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    let written = text.get(start..end).unwrap_or("").trim();
    format!("`{written}` at {name} {line}:{column}")
}

/// Each rules text the spots point into: its place (`macros.move`) and
/// its text.
pub(super) fn texts(loc: &super::locate::Locator) -> Vec<(String, String)> {
    use crate::config::tree::{NodeKind, Step};
    (loc.texts.iter())
        .map(|path| {
            let steps: Vec<Step> = path.iter().map(|k| Step::Key(k)).collect();
            let text = match loc.root.find(&steps).map(|n| &n.kind) {
                Some(NodeKind::Str(text)) => text.clone(),
                _ => String::new(),
            };
            (path.join("."), text)
        })
        .collect()
}
