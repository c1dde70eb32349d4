//! `relic sim merge`: shards' documents back into one study's.

use std::collections::BTreeSet;

use thiserror::Error;

use super::report::SCHEMA;
use super::{RunReport, Shard, SimDocument, Totals};

/// Why documents cannot be merged.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no documents to merge")]
    Empty,
    /// A document is not a `relic sim` document of this version.
    #[error("{file}: not a {SCHEMA} document (schema {found:?})")]
    Schema {
        /// The file.
        file: String,
        /// The schema it names.
        found: String,
    },
    /// Documents from different studies.
    #[error("{file}: run {run} is from a different study ({what} differs from {first})")]
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
    #[error("shards missing: {missing} (of {count}); merge every shard's output")]
    Missing {
        /// The missing shards, `I/N`, comma-separated.
        missing: String,
        /// The shard count.
        count: u64,
    },
}

/// Merges the documents of every shard of one study (`(file name,
/// document)` pairs) into the document one run would have printed.
pub fn merge_documents(documents: Vec<(String, SimDocument)>) -> Result<SimDocument, MergeError> {
    let mut documents = documents.into_iter();
    let (first_file, mut merged) = documents.next().ok_or(MergeError::Empty)?;
    check_schema(&first_file, &merged)?;
    let mut seen: Vec<(Shard, String)> = shards_of(&merged, &first_file);
    for (file, document) in documents {
        check_schema(&file, &document)?;
        check_same_study(&first_file, &merged, &file, &document)?;
        for (shard, _) in shards_of(&document, &file) {
            if let Some((_, earlier)) = seen.iter().find(|(s, _)| *s == shard) {
                return Err(MergeError::Duplicate {
                    file,
                    earlier: earlier.clone(),
                    index: shard.index,
                    count: shard.count,
                });
            }
            seen.push((shard, file.clone()));
        }
        for (run, other) in merged.runs.iter_mut().zip(document.runs) {
            let totals = std::mem::replace(&mut run.totals, Totals::new(0, 0));
            run.totals = totals.merge(other.totals);
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

fn check_schema(file: &str, document: &SimDocument) -> Result<(), MergeError> {
    if document.schema == SCHEMA && !document.runs.is_empty() {
        return Ok(());
    }
    Err(MergeError::Schema {
        file: file.to_string(),
        found: document.schema.clone(),
    })
}

fn shards_of(document: &SimDocument, file: &str) -> Vec<(Shard, String)> {
    let first = &document.runs[0].info.shards;
    first.iter().map(|&s| (s, file.to_string())).collect()
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
        let checks: [(bool, &'static str); 8] = [
            (x.ruleset == y.ruleset, "the ruleset"),
            (x.board == y.board, "the board"),
            (x.seats == y.seats, "the seats"),
            (x.bots == y.bots, "the bots"),
            (x.seed == y.seed, "the seed"),
            (x.games == y.games, "the number of games"),
            (x.max_turns == y.max_turns, "the turn limit"),
            (a.totals.compatible(&b.totals), "the totals' shape"),
        ];
        if let Some((_, what)) = checks.iter().find(|(same, _)| !same) {
            return Err(mismatch(i + 1, what));
        }
        let count = |r: &RunReport| r.info.shards.first().map(|s| s.count);
        if count(a) != count(b) {
            return Err(mismatch(i + 1, "the shard count"));
        }
    }
    Ok(())
}

fn check_complete(seen: &[(Shard, String)]) -> Result<(), MergeError> {
    let count = seen.first().map_or(1, |(s, _)| s.count);
    let have: BTreeSet<u64> = seen.iter().map(|(s, _)| s.index).collect();
    let missing: Vec<String> = (0..count)
        .filter(|i| !have.contains(i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(MergeError::Missing {
        missing: missing.join(", "),
        count,
    })
}
