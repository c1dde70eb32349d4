//! Any bytes as a game record or saved game: the reader must never panic,
//! and a record it rejects must come with problems that render and
//! serialise.

#![no_main]

use libfuzzer_sys::fuzz_target;
use relic::diagnostics::FileReport;
use relic::save::read_record;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(problems) = read_record(text) {
        assert!(!problems.is_empty(), "rejected without a problem");
        let report = FileReport {
            path: "fuzz.ron".into(),
            source: text.to_owned(),
            problems: problems.into_iter().map(|p| Box::new(p) as _).collect(),
        };
        let _ = report.render(80);
        let _ = report.json_diagnostics();
    }
});
