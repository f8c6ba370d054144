//! Heads-Up Hold 'Em's main-game solve split into shards of its flop loop: the shards' tallies
//! add up to the whole run's and give the same solution, every flop is counted by one shard,
//! and a tally with a shard missing or added twice, or a part changed, is refused with an error.
//! Run with `cargo test --release -p parsheet-games --test heads_up_shards` (a few seconds).

use parsheet_cards::Card;
use parsheet_games::strategy::heads_up::{count_flops, count_flops_together, exact_from_tally, key, solve_deck, to_solution, Config};
use parsheet_paytable::{Line, Paytable};
use parsheet_shard::{Combine, Shard, Tally};

fn cards(text: &str) -> Vec<Card> {
    text.split(' ').map(|c| c.parse().unwrap()).collect()
}

fn table(id: &str, lines: &[(&str, &str)]) -> Paytable {
    Paytable { id: id.into(), lines: lines.iter().map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse().unwrap() }).collect() }
}

/// 677a.12(b).
fn odds_table() -> Paytable {
    let lines = [("royal-flush", "500 to 1"), ("straight-flush", "50 to 1"), ("four-of-a-kind", "10 to 1"), ("full-house", "3 to 1"), ("flush", "3 to 2"), ("straight", "1 to 1")];
    table("677a.12(b)", &lines)
}

fn bad_beat_table() -> Paytable {
    table("test-bad-beat", &[("straight-flush", "100 to 1"), ("four-of-a-kind", "50 to 1"), ("full-house", "5 to 1"), ("flush", "5 to 2"), ("straight", "2 to 1")])
}

fn base() -> Config {
    Config::heads_up("odds-push-below-pair", &odds_table(), None).unwrap()
}

/// The 19-card deck of `heads_up.rs` (one suit symmetry; solved in a fraction of a second).
fn small_deck() -> Vec<Card> {
    cards("7c 8c 9c Tc Jc Qc Kc Ac 7d 8d 9d Td Jd Qd Kd Ad Ah Kh As")
}

/// A 1/2x minimum raise, the other reading and a Bad Beat table: flop plays of all three kinds.
fn half_minimum() -> Config {
    let mut c = Config::heads_up("odds-lose-below-pair", &odds_table(), Some(&bad_beat_table())).unwrap();
    c.min_raise = (1, 2);
    c
}

/// The cases solved: the 32 cards 7 to ace of every suit (the whole suit group, whose flops
/// differ in cost; about a second) under the base game, and the small deck with a 1/2x minimum.
fn cases() -> Vec<(Vec<Card>, Config)> {
    let all_suits = cards("7c 8c 9c Tc Jc Qc Kc Ac 7d 8d 9d Td Jd Qd Kd Ad 7h 8h 9h Th Jh Qh Kh Ah 7s 8s 9s Ts Js Qs Ks As");
    vec![(all_suits, base()), (small_deck(), half_minimum())]
}

fn shards(deck: &[Card], config: &Config, n: u32) -> Vec<Tally> {
    (0..n).map(|k| count_flops(deck, config, true, Shard::new(k, n).unwrap()).unwrap()).collect()
}

fn part(t: &Tally, name: &str) -> Vec<i128> {
    t.parts().iter().find(|p| p.0 == name).unwrap_or_else(|| panic!("no part {name}")).1.clone()
}

#[test]
fn shards_of_the_flop_loop_add_up_to_the_whole_solve() {
    for (deck, config) in cases() {
        let bad_beat = config.odds_lose.iter().any(|r| r.0 != -1);
        let x = solve_deck(&deck, &config, true).unwrap();
        let whole = count_flops(&deck, &config, true, Shard::WHOLE).unwrap();
        let flops = part(&whole, "flops_counted").len();
        assert!(part(&whole, "flops_counted").iter().all(|&c| c == 1));
        let pairs = part(&whole, "flop_plays").len() / flops;
        assert_eq!(pairs, (deck.len() - 3) * (deck.len() - 4) / 2);
        for n in [2, 3, 5] {
            let tallies = shards(&deck, &config, n);
            // Every flop is counted by exactly one shard; a shard's flop plays are plays on its
            // flops and 0 on the others.
            let mut owners = vec![0; flops];
            for t in &tallies {
                let (counted, plays) = (part(t, "flops_counted"), part(t, "flop_plays"));
                assert!(counted.contains(&1), "{} cards, {n} shards: every shard counts a flop", deck.len());
                for (u, &c) in counted.iter().enumerate() {
                    assert!(c == 0 || c == 1);
                    owners[u] += c;
                    let codes = &plays[u * pairs..(u + 1) * pairs];
                    assert!(codes.iter().all(|&p| if c == 1 { (1..=3).contains(&p) } else { p == 0 }), "flop unit {u}");
                }
            }
            assert!(owners.iter().all(|&o| o == 1), "{} cards, {n} shards: every flop counted once", deck.len());
            let sum = Tally::sum(tallies).unwrap();
            assert!(sum == whole, "{} cards, {n} shards: the shards' tallies add up to the whole", deck.len());
            let y = exact_from_tally(&deck, &config, true, &sum).unwrap();
            // The classes (totals and pre-flop plays), then everything, flop plays included.
            assert_eq!(y.classes, x.classes, "{} cards, {n} shards", deck.len());
            assert!(y == x, "{} cards, {n} shards: the same solution, flop plays included", deck.len());
            assert_eq!(format!("{:?}", to_solution(&y, bad_beat)), format!("{:?}", to_solution(&x, bad_beat)));
        }
        if config.min_raise == (1, 2) {
            // All three flop plays go through the tally.
            let codes = part(&whole, "flop_plays");
            assert!((1..=3).all(|c| codes.contains(&c)));
        }
    }
}

#[test]
fn incomplete_doubled_or_malformed_tallies_are_refused() {
    let (deck, config) = (small_deck(), half_minimum());
    let tallies = shards(&deck, &config, 3);
    let sum = |ts: &[Tally]| Tally::sum(ts.to_vec()).unwrap();
    let refused = |t: &Tally, why: &str| match exact_from_tally(&deck, &config, true, t) {
        Ok(_) => panic!("{why}: accepted"),
        Err(e) => e,
    };
    let whole = sum(&tallies);
    assert!(exact_from_tally(&deck, &config, true, &whole).is_ok());
    // A shard missing, or one added twice.
    for (t, why) in [(sum(&tallies[..2]), "shard 2 missing"), (sum(&tallies[1..]), "shard 0 missing"), (sum(&[&tallies[..], &tallies[1..2]].concat()), "shard 1 twice")] {
        let e = refused(&t, why);
        assert!(e.contains("not once"), "{why}: {e}");
    }
    // The whole tally with one part edited.
    let edit = |name: &str, f: &dyn Fn(&mut Vec<i128>)| {
        let mut t = Tally::new();
        for (n, v) in whole.parts() {
            let mut v = v.clone();
            if n == name {
                f(&mut v);
            }
            t.push(n, v);
        }
        t
    };
    for (name, _) in whole.parts() {
        refused(&edit(name, &|v| { v.pop(); }), &format!("{name} one short"));
        refused(&edit(name, &|v| v.push(0)), &format!("{name} one long"));
    }
    let mut missing = Tally::new();
    for (n, v) in &whole.parts()[1..] {
        missing.push(n, v.clone());
    }
    refused(&missing, "a part missing");
    refused(&edit("showdown", &|v| v[0] = -1), "a negative count");
    refused(&edit("showdown", &|v| v[0] = u64::MAX as i128 + 1), "a count beyond 64 bits");
    refused(&edit("showdown", &|v| v[0] += 1), "a deal counted twice at showdown");
    refused(&edit("river", &|v| v[0] += 1), "a deal counted twice after a check");
    refused(&edit("fold", &|v| v[0] -= 1), "a fold missing");
    refused(&edit("river_rule", &|v| v[0] += 1), "a river spot counted twice");
    refused(&edit("check", &|v| v[0] = i128::MAX), "a value no deal reaches");
    refused(&edit("raise_max", &|v| v[0] = i128::MIN), "a value no deal reaches");
    refused(&edit("flops_counted", &|v| v[0] = 2), "a flop counted twice");
    refused(&edit("flop_plays", &|v| v[0] = 0), "a flop play missing");
    refused(&edit("flop_plays", &|v| v[0] = 4), "a flop play that is no play");
    // With a 2x minimum the flop raise has one size: the code of a smaller one is no play.
    let mut two_x = base();
    two_x.min_raise = (2, 1);
    let one_size = count_flops(&deck, &two_x, true, Shard::WHOLE).unwrap();
    assert!(exact_from_tally(&deck, &two_x, true, &one_size).is_ok());
    let mut t = Tally::new();
    for (n, v) in one_size.parts() {
        t.push(n, if n == "flop_plays" { v.iter().map(|&c| if c == 1 { 2 } else { c }).collect() } else { v.clone() });
    }
    assert!(exact_from_tally(&deck, &two_x, true, &t).is_err(), "a raise size the game does not allow");
}

/// Configurations counted in one pass (the report's two readings of a high-card win; with a
/// Bad Beat table and a 1/2x minimum; three at once, one of them with pays in fifths) give,
/// shard by shard, the tallies each gives counted on its own, and so the same solutions.
/// Configurations of other raise sizes, none, or more than a pass holds are refused.
#[test]
fn configurations_counted_together_count_as_each_alone() {
    let fifths = Config::heads_up("odds-lose-below-pair", &table("fifths", &[("royal-flush", "1000 to 1"), ("flush", "7 to 5"), ("straight", "1 to 1")]), None).unwrap();
    let mut push_half = Config::heads_up("odds-push-below-pair", &odds_table(), Some(&bad_beat_table())).unwrap();
    push_half.min_raise = (1, 2);
    let lose = Config::heads_up("odds-lose-below-pair", &odds_table(), None).unwrap();
    let all_suits = &cases()[0].0;
    let passes: [(&[Card], Vec<Config>, u32); 3] =
        [(all_suits, vec![base(), lose.clone()], 1), (&small_deck(), vec![half_minimum(), push_half], 3), (all_suits, vec![lose, fifths, base()], 2)];
    for (deck, configs, n) in passes {
        for k in 0..n {
            let shard = Shard::new(k, n).unwrap();
            let together = count_flops_together(deck, &configs, true, shard).unwrap();
            assert_eq!(together.len(), configs.len());
            for (config, t) in configs.iter().zip(&together) {
                let alone = count_flops(deck, config, true, shard).unwrap();
                assert_eq!(t.parts(), alone.parts(), "{config:?}, shard {k}/{n}");
            }
        }
        let together = count_flops_together(deck, &configs, true, Shard::WHOLE).unwrap();
        for (config, t) in configs.iter().zip(&together) {
            let x = exact_from_tally(deck, config, true, t).unwrap();
            assert_eq!(x.expected_net(), solve_deck(deck, config, true).unwrap().expected_net(), "{config:?}");
        }
    }
    // The readings' tallies differ, so the pass did not hand one reading's counts to both.
    let both = count_flops_together(all_suits, &[base(), Config::heads_up("odds-lose-below-pair", &odds_table(), None).unwrap()], true, Shard::WHOLE).unwrap();
    assert_ne!(both[0].parts(), both[1].parts());
    let mut other_sizes = base();
    other_sizes.flop_max = 1;
    let err = count_flops_together(&small_deck(), &[base(), other_sizes], true, Shard::WHOLE).unwrap_err();
    assert!(err.contains("raise sizes"), "{err}");
    assert!(count_flops_together(&small_deck(), &[], true, Shard::WHOLE).is_err());
    assert!(count_flops_together(&small_deck(), &vec![base(); 5], true, Shard::WHOLE).is_err());
}

#[test]
fn keys_name_every_input_of_the_counts() {
    let k = key(&base());
    assert!(matches!(k.combine, Combine::Sum));
    assert_eq!(k.inputs, key(&base()).inputs);
    assert_eq!(k.computation, key(&half_minimum()).computation);
    assert!(["2c", "Ac", "As", "suit isomorphism = true"].iter().all(|w| k.inputs.contains(w)), "{}", k.inputs);
    let reading = Config::heads_up("odds-lose-below-pair", &odds_table(), None).unwrap();
    let with_bad_beat = Config::heads_up("odds-push-below-pair", &odds_table(), Some(&bad_beat_table())).unwrap();
    let other_odds = Config::heads_up("odds-push-below-pair", &table("other", &[("royal-flush", "1000 to 1"), ("straight", "1 to 1")]), None).unwrap();
    let mut sizes = base();
    sizes.flop_max = 1;
    for other in [reading, with_bad_beat, other_odds, Config::ultimate(&odds_table()).unwrap(), half_minimum(), sizes] {
        assert_ne!(key(&other).inputs, k.inputs, "{other:?}");
    }
}
