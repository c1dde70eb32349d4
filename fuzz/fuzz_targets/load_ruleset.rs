//! Any bytes as a ruleset file: the loader must never panic, and a ruleset
//! it rejects must come with problems that render and serialise.

#![no_main]

use libfuzzer_sys::fuzz_target;
use relic::rules::{Rules, parse_ruleset};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_ruleset(text, "fuzz.toml", None) {
        Ok(ruleset) => {
            let rules = Rules::new(ruleset);
            assert!(!rules.seats().is_empty());
        }
        Err(failure) => {
            assert!(failure.problem_count() > 0, "rejected without a problem");
            for report in &failure.reports {
                let _ = report.render(80);
                let _ = report.json_diagnostics();
            }
        }
    }
});
