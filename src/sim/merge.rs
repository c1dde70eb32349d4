//! `relic sim merge`: shards' documents back into one study's. Every
//! document is checked before it is trusted: its shard fits its study,
//! its totals add up, and sums are added with overflow checks.

use miette::Diagnostic;
use thiserror::Error;

use super::report::SCHEMA;
use super::{RunReport, Shard, SimDocument, Totals};

/// The most runs a document holds (two with `--vs-ruleset`).
const MAX_RUNS: usize = 2;
/// The longest turn limit `relic sim` plays to.
const MAX_TURN_LIMIT: u32 = 100_000;
/// How many missing shards a message lists.
const LISTED_MISSING: usize = 5;

/// Why documents cannot be merged.
#[derive(Debug, Error, Diagnostic, PartialEq, Eq)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no documents to merge")]
    #[diagnostic(code(sim::merge::empty), help("name the JSON file of every shard"))]
    Empty,
    /// A file that is not a JSON document of the right shape.
    #[error("{file}: not a relic sim JSON document: {message}")]
    #[diagnostic(
        code(sim::merge::not_a_document),
        help("merge the files written by `relic sim --shard I/N --format json`")
    )]
    NotADocument {
        /// The file.
        file: String,
        /// What the JSON reader said.
        message: String,
    },
    /// A document is not a `relic sim` document of this version.
    #[error("{file}: not a {SCHEMA} document (schema {found:?})")]
    #[diagnostic(
        code(sim::merge::schema),
        help("run every shard with this version of relic")
    )]
    Schema {
        /// The file.
        file: String,
        /// The schema it names.
        found: String,
    },
    /// A field whose value cannot be right.
    #[error("{file}: {field} {problem}")]
    #[diagnostic(
        code(sim::merge::invalid),
        help("the file was changed or damaged after `relic sim` wrote it; run that shard again")
    )]
    Invalid {
        /// The file.
        file: String,
        /// The field, as a path (`runs[0].totals.seats[1].wins`).
        field: String,
        /// What is wrong with it.
        problem: String,
    },
    /// Documents from different studies.
    #[error("{file}: run {run} is from a different study ({what} differs from {first})")]
    #[diagnostic(
        code(sim::merge::mismatch),
        help("merge only the shards of one study (the same options apart from --shard)")
    )]
    Mismatch {
        /// The file.
        file: String,
        /// The first file, whose settings the others must match.
        first: String,
        /// The run, from 1.
        run: usize,
        /// What differs.
        what: &'static str,
    },
    /// The same shard twice.
    #[error("{file}: shard {index}/{count} is already in {earlier}")]
    #[diagnostic(code(sim::merge::duplicate), help("name each shard's file once"))]
    Duplicate {
        /// The file.
        file: String,
        /// Where it was seen first.
        earlier: String,
        /// Its index.
        index: u64,
        /// The shard count.
        count: u64,
    },
    /// Some shards are missing, so the figures would not be the study's.
    #[error("shards missing: {missing} (of {count})")]
    #[diagnostic(code(sim::merge::missing), help("merge every shard's output"))]
    Missing {
        /// The first missing shards, `I/N`, comma-separated.
        missing: String,
        /// The shard count.
        count: u64,
    },
    /// A sum too large to hold.
    #[error("{file}: adding {field} overflows")]
    #[diagnostic(
        code(sim::merge::overflow),
        help("no real study comes near this; the file was changed or damaged")
    )]
    Overflow {
        /// The file.
        file: String,
        /// The field.
        field: String,
    },
}

/// Reads one shard's document from `text`, naming `file` in errors.
pub fn read_document(file: &str, text: &str) -> Result<SimDocument, MergeError> {
    serde_json::from_str(text).map_err(|e| MergeError::NotADocument {
        file: file.to_string(),
        message: e.to_string(),
    })
}

/// Merges the documents of every shard of one study (`(file name,
/// document)` pairs) into the document one run would have printed.
pub fn merge_documents(documents: Vec<(String, SimDocument)>) -> Result<SimDocument, MergeError> {
    let mut documents = documents.into_iter();
    let (first_file, mut merged) = documents.next().ok_or(MergeError::Empty)?;
    check_document(&first_file, &merged)?;
    let mut seen: Vec<(Shard, String)> = vec![(shard_of(&merged), first_file.clone())];
    for (file, document) in documents {
        check_document(&file, &document)?;
        check_same_study(&first_file, &merged, &file, &document)?;
        let shard = shard_of(&document);
        if let Some((_, earlier)) = seen.iter().find(|(s, _)| *s == shard) {
            return Err(MergeError::Duplicate {
                file,
                earlier: earlier.clone(),
                index: shard.index,
                count: shard.count,
            });
        }
        seen.push((shard, file.clone()));
        for (i, (run, other)) in merged.runs.iter_mut().zip(document.runs).enumerate() {
            let totals = std::mem::replace(&mut run.totals, Totals::new(0, &[]));
            run.totals = totals
                .merge(other.totals)
                .map_err(|field| MergeError::Overflow {
                    file: file.clone(),
                    field: format!("runs[{i}].totals.{field}"),
                })?;
        }
    }
    check_complete(&seen)?;
    merged.runs = merged
        .runs
        .into_iter()
        .map(|run| {
            let mut info = run.info;
            info.shards = vec![Shard::ALL];
            RunReport::new(info, run.totals)
        })
        .collect();
    Ok(merged)
}

fn shard_of(document: &SimDocument) -> Shard {
    document.runs[0].info.shards[0]
}

/// Checks one document on its own: schema, shape, and totals that add up.
fn check_document(file: &str, document: &SimDocument) -> Result<(), MergeError> {
    if document.schema != SCHEMA {
        return Err(MergeError::Schema {
            file: file.to_string(),
            found: document.schema.clone(),
        });
    }
    let invalid = |field: String, problem: String| MergeError::Invalid {
        file: file.to_string(),
        field,
        problem,
    };
    if document.runs.is_empty() || document.runs.len() > MAX_RUNS {
        let count = document.runs.len();
        return Err(invalid(
            "runs".into(),
            format!("holds {count} runs, not 1 or 2"),
        ));
    }
    for (i, run) in document.runs.iter().enumerate() {
        check_run(run)
            .map_err(|(field, problem)| invalid(format!("runs[{i}].{field}"), problem))?;
    }
    Ok(())
}

type Problem = (String, String);

fn problem(field: &str, text: String) -> Problem {
    (field.to_string(), text)
}

/// Checks one run's settings and totals; the problem names the field.
fn check_run(run: &RunReport) -> Result<(), Problem> {
    let (info, totals) = (&run.info, &run.totals);
    if info.games == 0 {
        return Err(problem(
            "info.games",
            "is 0; a study plays at least 1 game".into(),
        ));
    }
    if !(1..=MAX_TURN_LIMIT).contains(&info.max_turns) {
        let text = format!("is {}, not from 1 to {MAX_TURN_LIMIT}", info.max_turns);
        return Err(problem("info.max_turns", text));
    }
    let [shard] = info.shards[..] else {
        let text = format!(
            "lists {} shards; a shard's document names one",
            info.shards.len()
        );
        return Err(problem("info.shards", text));
    };
    if shard.count == 0 || shard.count > info.games {
        let text = format!(
            "is {}, but a study of {} games has from 1 to {} shards",
            shard.count, info.games, info.games
        );
        return Err(problem("info.shards[0].count", text));
    }
    if shard.index >= shard.count {
        let text = format!(
            "is {}, not below the shard count {}",
            shard.index, shard.count
        );
        return Err(problem("info.shards[0].index", text));
    }
    let seats = info.seats.len();
    if info.bots.len() != seats || totals.seats.len() != seats {
        let text = format!(
            "{} seats, {} bots and {} seat totals do not match",
            seats,
            info.bots.len(),
            totals.seats.len()
        );
        return Err(problem("info.seats", text));
    }
    check_totals(totals, games_in_shard(info.games, shard), info.max_turns)
}

/// How many of a study's `games` a shard plays.
fn games_in_shard(games: u64, shard: Shard) -> u64 {
    games / shard.count + u64::from(shard.index < games % shard.count)
}

/// Checks that the totals add up to `games` games of at most `max_turns`.
fn check_totals(totals: &Totals, games: u64, max_turns: u32) -> Result<(), Problem> {
    let wrong = |field: &str, found: u128, want: u128| {
        Err(problem(
            field,
            format!("is {found}, but the rest of the file says {want}"),
        ))
    };
    if u128::from(totals.games) != u128::from(games) {
        return wrong("totals.games", totals.games.into(), games.into());
    }
    let length = totals.turn_histogram.len();
    if length > max_turns as usize + 1 {
        let text = format!("has {length} buckets, more than a turn limit of {max_turns} allows");
        return Err(problem("totals.turn_histogram", text));
    }
    let histogram: u128 = totals.turn_histogram.iter().map(|&n| u128::from(n)).sum();
    if histogram != u128::from(games) {
        return wrong("totals.turn_histogram", histogram, games.into());
    }
    let weighted: u128 = (0u128..)
        .zip(&totals.turn_histogram)
        .map(|(t, &n)| t * u128::from(n))
        .sum();
    if weighted != u128::from(totals.turns) {
        return wrong("totals.turns", totals.turns.into(), weighted);
    }
    let seat_turns: u128 = totals.seats.iter().map(|s| u128::from(s.turns)).sum();
    if seat_turns != u128::from(totals.turns) {
        return wrong("totals.seats[..].turns", seat_turns, totals.turns.into());
    }
    check_results(totals, games)
}

/// Checks wins, losses, draws and stops against the number of games, and
/// the tallies' shape.
fn check_results(totals: &Totals, games: u64) -> Result<(), Problem> {
    let (names, measures) = (totals.tally_names.len(), totals.tally_measures.len());
    if measures != 0 && measures != names {
        let text = format!("holds {measures} measures for {names} tally names");
        return Err(problem("totals.tally_measures", text));
    }
    for (seat, s) in totals.seats.iter().enumerate() {
        if s.wins > games {
            let text = format!("is {}, more than the {games} games played", s.wins);
            return Err(problem(&format!("totals.seats[{seat}].wins"), text));
        }
        if s.tallies.len() != totals.tally_names.len() {
            let text = format!(
                "holds {} values for {} tally names",
                s.tallies.len(),
                totals.tally_names.len()
            );
            return Err(problem(&format!("totals.seats[{seat}].tallies"), text));
        }
    }
    let wins: u128 = totals.seats.iter().map(|s| u128::from(s.wins)).sum();
    let ended = wins + u128::from(totals.draws) + u128::from(totals.stopped);
    let ended = ended + u128::from(totals.undecided);
    if ended != u128::from(games) {
        let text = format!("add up to {ended} games, not {games}");
        return Err(problem("totals (wins, draws, stopped and undecided)", text));
    }
    let losses: u128 = totals.seats.iter().map(|s| u128::from(s.losses)).sum();
    if losses > u128::from(totals.undecided) {
        let text = format!(
            "add up to {losses}, more than the {} undecided games",
            totals.undecided
        );
        return Err(problem("totals.seats[..].losses", text));
    }
    Ok(())
}

fn check_same_study(
    first_file: &str,
    first: &SimDocument,
    file: &str,
    document: &SimDocument,
) -> Result<(), MergeError> {
    let mismatch = |run: usize, what| MergeError::Mismatch {
        file: file.to_string(),
        first: first_file.to_string(),
        run,
        what,
    };
    if first.runs.len() != document.runs.len() {
        return Err(mismatch(1, "the number of rulesets"));
    }
    for (i, (a, b)) in first.runs.iter().zip(&document.runs).enumerate() {
        let (x, y) = (&a.info, &b.info);
        let checks: [(bool, &'static str); 10] = [
            (x.ruleset == y.ruleset, "the ruleset"),
            (x.board == y.board, "the board"),
            (x.seats == y.seats, "the seats"),
            (x.bots == y.bots, "the bots"),
            (x.seed == y.seed, "the seed"),
            (x.games == y.games, "the number of games"),
            (x.max_turns == y.max_turns, "the turn limit"),
            (x.opening == y.opening, "the opening"),
            (x.shards[0].count == y.shards[0].count, "the shard count"),
            (a.totals.compatible(&b.totals), "the totals' shape"),
        ];
        if let Some((_, what)) = checks.iter().find(|(same, _)| !same) {
            return Err(mismatch(i + 1, what));
        }
    }
    Ok(())
}

/// Checks that every shard is there, listing the first few missing ones
/// (in time and memory proportional to the files given, not the count).
fn check_complete(seen: &[(Shard, String)]) -> Result<(), MergeError> {
    let count = seen.first().map_or(1, |(s, _)| s.count);
    if seen.len() as u64 == count {
        return Ok(());
    }
    let mut have: Vec<u64> = seen.iter().map(|(s, _)| s.index).collect();
    have.sort_unstable();
    let absent = count - seen.len() as u64;
    // One more than LISTED_MISSING is listed rather than counted.
    let cap = match absent > LISTED_MISSING as u64 + 1 {
        true => LISTED_MISSING,
        false => LISTED_MISSING + 1,
    };
    let mut missing = Vec::new();
    let mut next = 0u64;
    for index in have.into_iter().chain(std::iter::once(count)) {
        while next < index && missing.len() < cap {
            missing.push(format!("{next}/{count}"));
            next += 1;
        }
        next = index + 1;
    }
    let mut listed = missing.join(", ");
    if absent > missing.len() as u64 {
        listed.push_str(&format!(" and {} more", absent - missing.len() as u64));
    }
    Err(MergeError::Missing {
        missing: listed,
        count,
    })
}
