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

/// Six and seven cards (the best five of them: kickers, three pairs, a flush among several
/// suits), hands drawn by a fixed generator: the simulator's reading of `same-value` and the
/// exact counter's (`parsheet_games::defined`, hand by hand) agree on every hand, for each rule
/// a deal may change, under a bug-joker deal and a deuces-and-joker-wild one.
#[test]
fn six_and_seven_card_hands_read_alike_by_the_simulator_and_the_counter() {
    use parsheet_cards::{Card, CardSet, Rank, Suit};
    use parsheet_reference::RefCard;
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut compared = 0;
    for deal in [r#""joker": "bug""#, r#""joker": "wild", "deuces": "wild""#] {
        for change in [r#"{"joker": "wild"}"#, r#"{"joker": "bug"}"#, r#"{"ace": "high-only"}"#, r#"{"deuces": "wild"}"#, r#"{"deuces": "natural"}"#, r#"{"joker": "wild", "deuces": "wild"}"#] {
            for cards in [6, 7] {
                let text = format!(r#"{{"deal": {{"decks": 1, "jokers": 1, "cards": {cards}, {deal}}}, "outcomes": [{{"id": "same", "hand": "same", "when": {{"same-value": {change}}}}}]}}"#);
                let definition = parsheet_tables::definition::parse_definition("inline", &text).unwrap_or_else(|e| panic!("{e}"));
                let sim = parsheet_sim::defined::DefinedRules::new(&definition, None).unwrap();
                let exact = parsheet_games::defined::Compiled::new(&definition, None).unwrap();
                for _ in 0..400 {
                    let mut shoe = sim.shoe.clone();
                    let hand: Vec<RefCard> = (0..cards).map(|_| shoe.swap_remove(next(shoe.len()))).collect();
                    let set = CardSet::from_cards(hand.iter().map(|c| match *c {
                        RefCard::Natural { rank, suit } => Card::new(Rank(rank), Suit(suit)),
                        RefCard::Joker => Card::JOKER,
                    }));
                    let counted = exact.classify(&parsheet_games::defined::Held::of_cards(set));
                    assert_eq!(sim.settle(&hand), counted, "{deal}, same value as with {change}: {hand:?}");
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 2 * 6 * 2 * 400);
}
