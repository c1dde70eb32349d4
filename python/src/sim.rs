//! `relic sim` and `relic sim merge` from Python: the options are read by
//! the command line's own parser (so they and their checks are the
//! same), the study runs through `relic::cli::simulate_study` with the GIL
//! released, and the answer is the JSON document `--format json` prints.

use clap::Parser;
use pyo3::prelude::*;
use relic::cli::{SimArgs, simulate_study};
use relic::sim::{SimDocument, merge_documents, read_document, render_csv, render_table};

use crate::errors::{raise, raise_one};

/// `relic sim`'s options, parsed as the command line parses them.
#[derive(Parser)]
#[command(name = "relic sim", no_binary_name = true)]
struct SimLine {
    #[command(flatten)]
    sim: SimArgs,
}

/// The JSON text of a document, as `relic sim --format json` prints it.
fn json_of(document: &SimDocument) -> String {
    let mut json = serde_json::to_string_pretty(document).expect("the document serialises");
    json.push('\n');
    json
}

/// Runs `relic sim` with these command-line options (`--format` and
/// `--chart` are ignored) and returns the JSON document it prints.
#[pyfunction]
pub fn sim(py: Python<'_>, options: Vec<String>) -> PyResult<String> {
    let line = SimLine::try_parse_from(&options).map_err(|error| {
        let rendered = error.render().to_string();
        let text: Vec<&str> = (rendered.lines())
            .take_while(|l| !l.starts_with("For more information"))
            .collect();
        raise_one(
            py,
            "SimError",
            text.join("\n").trim().to_owned(),
            "cli::usage",
        )
    })?;
    if line.sim.command.is_some() {
        let text = "give sim's options; merge documents with relic.merge".to_owned();
        return Err(raise_one(py, "SimError", text, "cli::usage"));
    }
    let result = py.detach(|| simulate_study(&line.sim.run, false));
    let document =
        result.map_err(|failure| raise(py, "SimError", failure.render(80), failure.codes()))?;
    Ok(json_of(&document))
}

/// Merges the JSON documents of every shard of one study, as `relic sim
/// merge` does, and returns the merged document's JSON.
#[pyfunction]
#[pyo3(signature = (documents, format="json"))]
pub fn merge(py: Python<'_>, documents: Vec<String>, format: &str) -> PyResult<String> {
    let failed = |error: relic::sim::MergeError| {
        let text = relic::diagnostics::render_one(&error, 80);
        let code = miette::Diagnostic::code(&error).map(|c| c.to_string());
        raise(py, "SimError", text, code.into_iter().collect())
    };
    let mut read = Vec::new();
    for (i, text) in documents.iter().enumerate() {
        let name = format!("document {}", i + 1);
        let document = read_document(&name, text).map_err(failed)?;
        read.push((name, document));
    }
    let merged = merge_documents(read).map_err(failed)?;
    formatted(py, &merged, format)
}

/// The figures of one document (a whole study's or a shard's) as `relic
/// sim --format FORMAT` prints them.
#[pyfunction]
#[pyo3(signature = (document, format="human"))]
pub fn report(py: Python<'_>, document: &str, format: &str) -> PyResult<String> {
    let read = read_document("document", document).map_err(|error| {
        let text = relic::diagnostics::render_one(&error, 80);
        let code = miette::Diagnostic::code(&error).map(|c| c.to_string());
        raise(py, "SimError", text, code.into_iter().collect())
    })?;
    formatted(py, &read, format)
}

/// `document` as `--format FORMAT` prints it.
fn formatted(py: Python<'_>, document: &SimDocument, format: &str) -> PyResult<String> {
    match format {
        "json" => Ok(json_of(document)),
        "human" => Ok(render_table(&document.runs)),
        "csv" => Ok(render_csv(&document.runs)),
        other => {
            let text = format!("unknown format {other:?}: use \"json\", \"human\" or \"csv\"");
            Err(raise_one(py, "SimError", text, "cli::usage"))
        }
    }
}
