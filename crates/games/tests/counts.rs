//! Wager outcome counts against numbers derived independently: published frequency tables,
//! closed forms computed here, and brute force over the reference evaluator.

use parsheet_cards::binomial;
use parsheet_games::{find, OTHER};

fn get(game: &str, wager: &str, variant: Option<&str>) -> parsheet_games::OutcomeCounts {
    find(game, wager).unwrap().count(variant).unwrap()
}

#[test]
fn trips_plus_is_the_standard_seven_card_table() {
    let c = get("heads-up-holdem", "trips-plus", None);
    assert_eq!(c.cycle(), 133_784_560);
    assert_eq!(c.get("royal-flush"), Some(4_324));
    assert_eq!(c.get("straight-flush"), Some(37_260));
    assert_eq!(c.get("four-of-a-kind"), Some(224_848));
    assert_eq!(c.get("full-house"), Some(3_473_184));
    assert_eq!(c.get("flush"), Some(4_047_644));
    assert_eq!(c.get("straight"), Some(6_180_020));
    assert_eq!(c.get("three-of-a-kind"), Some(6_461_620));
    assert_eq!(c.get(OTHER), Some(31_433_400 + 58_627_800 + 23_294_460));
}

#[test]
fn flush_bonus_by_closed_form() {
    let c = get("high-card-flush", "flush-bonus", None);
    let b = |n, k| binomial(n, k) as u128;
    // Longest flush of exactly L cards (L >= 4, so only one suit can reach it): choose the suit,
    // its L cards, and 7 - L cards from the other 39 with no suit reaching L (automatic for
    // L >= 4 since 7 - L <= 3 < L).
    for len in 4..=7u64 {
        assert_eq!(c.get(&format!("{len}-card-flush")), Some(4 * b(13, len) * b(39, 7 - len)), "{len}");
    }
}

#[test]
fn straight_flush_bonus_long_runs_by_closed_form() {
    let c = get("high-card-flush", "straight-flush-bonus", None);
    // A 7-run has 8 positions (A-7 … 8-A) per suit.
    assert_eq!(c.get("7-card-straight-flush"), Some(4 * 8));
    // A 6-run (9 positions) not extended to 7 in its suit: the cells at each end that exist must
    // be missing. End runs (A-6, 9-A) have one neighbour, 7 middle ones have two. The 7th card is
    // any other card except the (one or two) extending cards.
    assert_eq!(c.get("6-card-straight-flush"), Some(4 * (2 * (46 - 1) + 7 * (46 - 2))));
    assert_eq!(c.cycle(), 133_784_560);
    // With the ace high only: 7 positions (2-8 … 8-A) for seven, 8 for six (2-7 … 9-A; the two
    // end runs have one neighbour).
    let high = get("high-card-flush", "straight-flush-bonus", Some("ace-high-only"));
    assert_eq!(high.get("7-card-straight-flush"), Some(4 * 7));
    assert_eq!(high.get("6-card-straight-flush"), Some(4 * (2 * (46 - 1) + 6 * (46 - 2))));
}

#[test]
fn straight_flush_bonus_equals_a_walk_over_every_hand() {
    // The count multiplies one suit's rank sets; here every seven-card hand (one per suit class,
    // weighted) is valued whole, as the rule reads: its longest straight flush.
    use parsheet_eval::hcf::{longest_straight_flush_with, AceInStraights};
    for (variant, ace) in [("ace-high-or-low", AceInStraights::HighOrLow), ("ace-high-only", AceInStraights::HighOnly)] {
        let mut by_len = [0u128; 8];
        parsheet_cards::iso::for_each_class(7, false, |hand, weight| by_len[longest_straight_flush_with(hand, ace) as usize] += weight as u128);
        let c = get("high-card-flush", "straight-flush-bonus", Some(variant));
        for len in 3..=7 {
            assert_eq!(c.get(&format!("{len}-card-straight-flush")), Some(by_len[len]), "{variant} {len}");
        }
        assert_eq!(c.get(OTHER), Some(by_len[..3].iter().sum()), "{variant}");
        assert_eq!(c.cycle(), by_len.iter().sum::<u128>(), "{variant}");
    }
}

#[test]
fn over_under_bonus_by_brute_force_over_card_values() {
    // Independent path: every 3-card subset of a 312-card shoe, by value multiset with weights
    // counted from per-value card counts (aces 11: 24 cards; tens: 96; 2-9: 24 each).
    let mut per_value = [0u64; 12];
    for v in 2..=9 {
        per_value[v] = 24;
    }
    per_value[10] = 96;
    per_value[11] = 24;
    let mut by_total = [0u128; 34];
    for a in 2..=11usize {
        for b in a..=11 {
            for c in b..=11 {
                let mut need = [0u64; 12];
                need[a] += 1;
                need[b] += 1;
                need[c] += 1;
                let ways: u128 = (2..=11).map(|v| binomial(per_value[v], need[v]) as u128).product();
                by_total[a + b + c] += ways;
            }
        }
    }
    let c = get("over-under", "bonus", None);
    assert_eq!(c.cycle(), binomial(312, 3) as u128);
    for (low, name) in (6..=12).zip(["6-or-33", "7-or-32", "8-or-31", "9-or-30", "10-or-29", "11-or-28", "12-or-27"]) {
        assert_eq!(c.get(name), Some(by_total[low] + by_total[39 - low]), "{name}");
    }
}

#[test]
fn pocket_bonus_by_hand() {
    let c = get("heads-up-holdem", "pocket-bonus", None);
    assert_eq!(c.cycle(), 1_326);
    assert_eq!(c.get("pair-of-aces"), Some(6));
    assert_eq!(c.get("ace-king-suited"), Some(4));
    assert_eq!(c.get("ace-king-offsuit"), Some(12));
    assert_eq!(c.get(OTHER), Some(1_326 - 13 * 6 - 3 * 16));
}

#[test]
fn saigon_bonus_matches_the_joker_census() {
    let c = get("saigon-5-card", "bonus", None);
    assert_eq!(c.cycle(), 2_869_685);
    assert_eq!(c.get("five-aces"), Some(1));
    // Natural royals: 4. Joker royals: the joker with four of a suit's five royal cards: 4 x 5.
    assert_eq!(c.get("royal-flush-no-joker"), Some(4));
    assert_eq!(c.get("royal-flush-with-joker"), Some(20));
}

#[test]
fn dj_trips_bonus_variants_split_the_same_categories() {
    let a = get("dj-wild", "trips-bonus", Some("no-wild-cards"));
    let b = get("dj-wild", "trips-bonus", Some("deuces-played-natural"));
    // Natural royal flushes with no wild card: 4 (one per suit). Natural four of a kind with no
    // wild card: 11 ranks (3..A) x 44 kickers that are not deuces or the joker... kicker may be
    // any of the 48 - 4 = 44 other non-wild cards.
    assert_eq!(a.get("royal-flush-natural"), Some(4));
    assert_eq!(a.get("four-of-a-kind-natural"), Some(12 * 44));
    for base in ["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"] {
        let (n, w) = (format!("{base}-natural"), format!("{base}-with-wild"));
        assert_eq!(a.get(&n).unwrap() + a.get(&w).unwrap(), b.get(&n).unwrap() + b.get(&w).unwrap(), "{base}");
        assert!(b.get(&n).unwrap() >= a.get(&n).unwrap(), "{base}: deuces played natural is the wider reading");
    }
    // Four deuces and a kicker are five of a kind as wilds but four of a kind played natural, so
    // they are never natural four of a kind: the natural quads are the same 12 x 44 both ways.
    assert_eq!(b.get("four-of-a-kind-natural"), Some(12 * 44));
    // A deuce that only fills a flush (2s 5s 7s 9s Js) is natural in the wider reading only.
    assert!(b.get("flush-natural").unwrap() > a.get("flush-natural").unwrap());
    assert_eq!(a.get("five-wilds-with-wild"), Some(1));
}

#[test]
fn unknown_names_list_the_valid_ones() {
    let e = find("baccarat", "bonus").unwrap_err();
    assert!(e.contains("saigon-5-card") && e.contains("face-up-pai-gow"), "{e}");
    let e = find("dj-wild", "nope").unwrap_err();
    assert!(e.contains("trips-bonus"), "{e}");
    let e = find("dj-wild", "trips-bonus").unwrap().count(Some("nope")).unwrap_err();
    assert!(e.contains("no-wild-cards"), "{e}");
}

#[test]
fn fortune_bonus_seven_card_lines_by_closed_form() {
    let c = get("face-up-pai-gow", "fortune-bonus", None);
    assert_eq!(c.cycle(), 154_143_080);
    // Seven suited consecutive naturals: 8 windows (A-7 … 8-A) x 4 suits.
    assert_eq!(c.get("7-card-straight-flush"), Some(32));
    // Six suited naturals and the joker in a 7-window: per suit, the 9 six-card runs (A-6 … 9-A)
    // plus, per window, the 5 six-card subsets with an inside gap: (9 + 8 x 5) x 4.
    assert_eq!(c.get("7-card-straight-flush-with-joker"), Some((9 + 8 * 5) * 4));
    // A-K-Q-J-10 of a suit (or four of them and the joker) and K-Q of another suit: (1 + 5) x 4 x 3.
    assert_eq!(c.get("royal-flush-plus-royal-match"), Some(6 * 4 * 3));
    // Four aces, the joker and any two of the other 48 cards (Alspach: 1,128).
    assert_eq!(c.get("five-aces"), Some(1_128));
}

/// Three pair (688a.6(b)(9)) with the joker ranked as an ace (688a.6(a)), where no straight or
/// flush outranks it. Three natural pairs and a fourth rank: C(13,3) 6^3 x 40, no joker. Three
/// natural pairs below aces and the joker (as a lone ace): C(12,3) 6^3. Two pairs below aces, an
/// ace and the joker (the pair of aces) and a fifth rank: C(12,2) 6^2 x 4 x 40, less the hands
/// where the joker fills a straight (the three ranks beside the ace are three of 2-3-4-5 or of
/// 10-J-Q-K: 2 x 4 x 3 rank choices, 6^2 x 4 x 4 suits) or a flush (one card of a suit from each
/// pair, the ace and the fifth card of that suit: 4 x 3 x 3 of the suits, for every rank choice),
/// counting the straight flushes once.
#[test]
fn fortune_three_pair_by_closed_form() {
    let straights = 2 * 4 * 3 * 36 * 16;
    let flushes = 66 * 10 * (4 * 3 * 3);
    let straight_flushes = 2 * 4 * 3 * (4 * 3 * 3);
    let ace_and_joker = 66 * 36 * 4 * 40 - (straights + flushes - straight_flushes);
    let expected = 286 * 216 * 40 + 220 * 216 + ace_and_joker;
    assert_eq!(expected, 2_862_000, "the Fortune notes' transcription check");
    for reading in ["straight-over-trips", "trips-over-straight"] {
        assert_eq!(get("face-up-pai-gow", "fortune-bonus", Some(reading)).get("three-pair"), Some(expected as u128));
    }
}
