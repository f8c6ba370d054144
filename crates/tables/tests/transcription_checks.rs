//! Every transcription check in `tables/*.json` (`checks`: figures computed independently while
//! transcribing, quoted in the notes) asserted against the code. These numbers came from
//! throwaway enumerations and closed forms written apart from parsheet, so a failure here means
//! the code, the data or the check is wrong — never adjust the check to the code.

use num_rational::BigRational;
use parsheet_paytable::{analyze, Decimal};
use parsheet_tables::{builtin, CheckValue, Percent};

fn rounds_to(value: &BigRational, printed: &Percent) -> bool {
    Decimal(value).percent(printed.places) == Decimal(&printed.value).percent(printed.places)
}

#[test]
fn every_transcription_check_holds() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for game in builtin().unwrap() {
        for w in &game.wagers {
            if w.checks.is_empty() {
                continue;
            }
            let wager = parsheet_games::find(&game.game, &w.id).expect("checks are only written for computed wagers");
            let all: Vec<Option<&str>> = if wager.variants.is_empty() { vec![None] } else { wager.variants.iter().map(|v| Some(v.id)).collect() };
            let readings: Vec<Option<&str>> = w.checks.iter().flat_map(|c| match &c.reading {
                Some(r) => vec![Some(r.as_str())],
                None => all.clone(),
            }).collect();
            for reading in all.iter().filter(|r| readings.contains(r)) {
                let counts = wager.count(*reading).unwrap();
                for c in w.checks.iter().filter(|c| c.reading.is_none() || c.reading.as_deref() == *reading) {
                    checked += 1;
                    let at = format!("{} {} {:?} {:?} {:?}", game.game, w.id, reading, c.paytable, c.outcomes);
                    match &c.value {
                        CheckValue::Combinations(n) => {
                            let got: u128 = c.outcomes.iter().map(|o| counts.get(o).unwrap_or(0)).sum();
                            if got != *n {
                                failures.push(format!("{at}: {n} in the data, {got} computed"));
                            }
                        }
                        CheckValue::Payback(p) | CheckValue::Hold(p) => {
                            let table = &w.paytable(c.paytable.as_deref().unwrap()).unwrap().table;
                            let a = analyze(&counts, table).unwrap();
                            let got = if matches!(c.value, CheckValue::Hold(_)) { a.house_edge } else { a.payback };
                            if !rounds_to(&got, p) {
                                failures.push(format!("{at}: {} in the data, {}% computed", p.text, Decimal(&got).percent(p.places + 3)));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} transcription checks fail:\n{}", failures.len(), failures.join("\n"));
    assert!(checked >= 80, "only {checked} transcription checks ran");
}

/// The checks are data: a bad one is refused with its field named, like any other table error.
#[test]
fn a_malformed_check_names_its_field() {
    let text = include_str!("../../../tables/over-under.json");
    let bad = text.replace("\"kind\": \"payback\",\n          \"paytable\": \"default\"", "\"kind\": \"payback\",\n          \"paytable\": \"nope\"");
    assert_ne!(bad, text, "the fixture edit applies");
    let e = parsheet_tables::parse("over-under.json", &bad).unwrap_err();
    assert!(e.field.contains("checks[0].paytable"), "{e}");
}
