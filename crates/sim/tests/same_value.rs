//! The simulator's card-by-card reading of `same-value` (its own best-hand search over the wild
//! cards' values), over every deal of a small definition, equals the independent brute force's
//! counts (`crates/games/tests/cross-checks/brute3.py`, written from docs/WAGERS.md alone).

use std::path::Path;

#[test]
fn every_four_card_deal_settles_as_the_brute_force_counts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../games/tests/cross-checks");
    let file = "same-value-four-cards.json";
    let text = std::fs::read_to_string(dir.join(file)).unwrap();
    let definition = parsheet_tables::definition::parse_definition(file, &text).unwrap();
    let rules = parsheet_sim::defined::DefinedRules::new(&definition, None).unwrap();
    let shoe = &rules.shoe;
    let mut by = vec![0u64; rules.outcomes.len() + 1];
    let n = shoe.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    by[rules.settle(&[shoe[a], shoe[b], shoe[c], shoe[d]])] += 1;
                }
            }
        }
    }
    let got: String = rules.outcomes.iter().map(|(id, _)| id.as_str()).chain(["other"]).zip(&by).map(|(o, n)| format!("{file} {o} {n}\n")).collect();
    let expected: String = std::fs::read_to_string(dir.join("expected.txt")).unwrap().lines().filter(|l| l.starts_with(file)).map(|l| format!("{l}\n")).collect();
    assert_eq!(got, expected);
}
