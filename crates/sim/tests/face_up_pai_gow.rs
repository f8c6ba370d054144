//! Face Up Pai Gow Poker Wager (58 Pa. Code ch. 688a): the simulator's reading of the rules,
//! checked on hands made from the rule text, and against the exact solver on reduced decks.

use parsheet_games::house_way::HouseWay;
use parsheet_reference::{low_hand, pai_gow, parse_cards, RefCard, RefCategory};
use parsheet_sim::face_up_pai_gow::{is_ace_high_pai_gow, is_legal, settle, simulate_face_up_pai_gow, FupgDeck, FupgEstimate, Outcome};

fn way(id: &str) -> HouseWay {
    parsheet_tables::house_way::builtin(id).unwrap()
}

fn c(text: &str) -> Vec<RefCard> {
    parse_cards(text)
}

// ---------------------------------------------------------------------------------------------
// The reference evaluator against § 688a.6, on hands built from the text.
// ---------------------------------------------------------------------------------------------

#[test]
fn reference_ranking_follows_688a_6() {
    let v = |t: &str| pai_gow(&c(t));
    use RefCategory::*;
    // (a) The joker plays as an ace: it pairs aces only, and is an ace kicker otherwise.
    assert_eq!(v("Jk Ac 9d 7h 4s").category, Pair);
    assert_eq!(v("Jk Ac 9d 7h 4s").tiebreak, vec![12, 7, 5, 2]);
    assert_eq!(v("Jk Kc Kd 7h 4s"), v("Ad Kc Kh 7c 4s"), "joker with kings is kings with an ace kicker");
    assert_eq!(v("Jk Kc 9d 7h 4s").tiebreak, vec![12, 11, 7, 5, 2], "joker is an ace high card");
    // (a) It completes a straight (the best one it can: A-2-3-4-5 over 2-3-4-5-6) ...
    assert_eq!(v("Jk 9c Td Jh Qs").category, Straight);
    assert_eq!(v("Jk 9c Td Jh Qs"), v("9c Td Jh Qs Kd"));
    assert_eq!(v("Jk 2c 3d 4h 5s"), v("Ac 2c 3d 4h 5s"));
    // ... a flush (as the best missing card of the suit) and a straight flush or royal.
    assert_eq!(v("Jk 2h 7h 9h Jh"), v("Ah 2h 7h 9h Jh"));
    assert_eq!(v("Jk Ah 7h 9h Jh"), v("Kh Ah 7h 9h Jh"));
    assert_eq!(v("Jk 5d 6d 8d 9d").category, StraightFlush);
    assert_eq!(v("Jk Kd Qd Jd Td").category, RoyalFlush);
    assert_eq!(v("Jk Kd Qd Jd Td"), v("Ad Kd Qd Jd Td"), "§ 688a.6(b)(2): the joker royal is a royal");
    // (b)(7) A-2-3-4-5 is the second-highest straight; (b)(3) the highest straight flush.
    let (broadway, wheel, king) = (v("Ac Kd Qh Js Tc"), v("Ac 2d 3h 4s 5c"), v("Kc Qd Jh Ts 9c"));
    assert!(broadway > wheel && wheel > king && king > v("2c 3d 4h 5s 6c"));
    assert!(v("Ac 2c 3c 4c 5c") > v("Kc Qc Jc Tc 9c") && v("Ac Kc Qc Jc Tc") > v("Ac 2c 3c 4c 5c"));
    // (a) No wrapping: Q-K-A-2-3 is ace high.
    assert_eq!(v("Qc Kd Ah 2s 3c").category, HighCard);
    // (b)(1) Five aces over a royal flush; (b) order down to a pair.
    let ladder = ["Jk Ac Ad Ah As", "As Ks Qs Js Ts", "9s Ks Qs Js Ts", "2c 2d 2h 2s 3c", "2c 2d 2h 3s 3c", "2c 4c 6c 8c Tc", "2c 3d 4h 5s 6c", "2c 2d 2h 4s 5c", "2c 2d 3h 3s 4c", "2c 2d 3h 4s 5c", "2c 4d 6h 8s 9c"];
    for pair in ladder.windows(2) {
        assert!(v(pair[0]) > v(pair[1]), "{} should outrank {}", pair[0], pair[1]);
    }
    // (c) Same rank: the highest card not in the other hand decides; identical ranks tie.
    assert!(v("Ac Kd 9h 5s 3c") > v("Ad Kc 9s 5h 2c"));
    assert_eq!(v("Ac Kd 9h 5s 3c"), v("Ad Kc 9s 5h 3d"));
    // The two-card low hand: a pair, or two cards; the joker an ace.
    assert!(low_hand(&c("2c 2d")) > low_hand(&c("Ac Kd")));
    assert_eq!(low_hand(&c("Jk Kd")), low_hand(&c("Ac Kh")));
    assert_eq!(low_hand(&c("Jk Ad")).category, Pair);
}

// ---------------------------------------------------------------------------------------------
// § 688a.11(c) and (f), § 688a.1 on hand-made examples.
// ---------------------------------------------------------------------------------------------

#[test]
fn legality_688a_11_c() {
    // The rule's own example: a low pair of sevens needs at least a pair of sevens high.
    assert!(is_legal(&c("7c 7d Kh 9s 2c"), &c("7h 7s")));
    assert!(!is_legal(&c("6c 6d Kh 9s 2c"), &c("7h 7s")));
    assert!(is_legal(&c("3c 3d 2h 2s 4c"), &c("7h 7s")), "two pair outranks one pair");
    assert!(!is_legal(&c("Ac Kd 9h 5s 2c"), &c("7h 7s")), "the larger hand must be high");
    // No pair low: the high hand's top two cards must not be below the low hand's.
    assert!(!is_legal(&c("Ac Qd 9h 5s 2c"), &c("Ah Ks")));
    assert!(is_legal(&c("Ac Kd 9h 5s 2c"), &c("Ah Qs")));
    assert!(is_legal(&c("Ac Kd 9h 5s 2c"), &c("Ah Ks")), "equal is allowed");
    assert!(!is_legal(&c("Kc Qd 9h 5s 2c"), &c("Jk 3s")), "the joker low is an ace");
    assert!(is_legal(&c("2c 2d 9h 5s 3c"), &c("Ah Ks")));
}

#[test]
fn ace_high_pai_gow_688a_1() {
    assert!(is_ace_high_pai_gow(&c("As Jd 9c 7h 5s 3d 2c")));
    assert!(is_ace_high_pai_gow(&c("Jk Kd 9c 7h 5s 3d 2c")), "the joker plays as the ace (§ 688a.12(b) pays 'with joker')");
    assert!(!is_ace_high_pai_gow(&c("Jk Ad 9c 7h 5s 3d 2c")), "joker and ace are a pair of aces");
    assert!(!is_ace_high_pai_gow(&c("Kd Qd 9c 7h 5s 3d 2c")), "king high");
    assert!(!is_ace_high_pai_gow(&c("As 4d 9c 7h 5s 3d 2c")), "A-2-3-4-5 is a straight");
    assert!(is_ace_high_pai_gow(&c("Jk Qd 9c 7h 5s 3d 2c")), "the joker completes no straight here, so it is the ace");
    assert!(!is_ace_high_pai_gow(&c("Jk Qd 6c 7h 5s 3d 2c")), "the joker completes 3-4-5-6-7");
    assert!(!is_ace_high_pai_gow(&c("As Jd 9d 7d 5d 3d 2c")), "a flush");
}

#[test]
fn settlement_688a_11_f() {
    // Dealer: pair of nines high, K-J low.
    let (dh, dl) = (c("9c 9d Ah 7s 4c"), c("Kd Js"));
    // Both higher: win. Both lower: lose.
    assert_eq!(settle(&dh, &dl, &c("Tc Td 8h 6s 2c"), &c("Ad 3s")), Outcome::Win);
    assert_eq!(settle(&dh, &dl, &c("8c 8d Ks 6s 2c"), &c("Qd 3s")), Outcome::Lose);
    // One higher, one lower: push (f)(2)(i)-(ii).
    assert_eq!(settle(&dh, &dl, &c("Tc Td 8h 6s 2c"), &c("Qd 3s")), Outcome::Push);
    assert_eq!(settle(&dh, &dl, &c("8c 8d Ks 6s 2c"), &c("Ad 3s")), Outcome::Push);
    // A copy goes to the dealer: copy + higher is a push, copy + lower a loss, two copies lose.
    assert_eq!(settle(&dh, &dl, &c("9h 9s Ac 7d 4h"), &c("Ad 3s")), Outcome::Push);
    assert_eq!(settle(&dh, &dl, &c("Tc Td 8h 6s 2c"), &c("Kc Jd")), Outcome::Push);
    assert_eq!(settle(&dh, &dl, &c("9h 9s Ac 7d 4h"), &c("Qd 3s")), Outcome::Lose);
    assert_eq!(settle(&dh, &dl, &c("9h 9s Ac 7d 4h"), &c("Kc Jd")), Outcome::Lose);
    // The dealer's Ace High Pai Gow pushes even two winning hands, and even two losing ones.
    let (ah, al) = (c("As 7h 5s 3d 2c"), c("Jd 9c"));
    assert_eq!(settle(&ah, &al, &c("Kc Kd Qh Qs 4h"), &c("8c 8d")), Outcome::PushAceHigh);
    assert_eq!(settle(&ah, &al, &c("Kc Td 6h 4s 3h"), &c("8c 2d")), Outcome::PushAceHigh);
    // A hand set with the larger hand low loses (§ 688a.11(f)(1)(iii)), though both of its hands
    // beat the dealer's (king high, Q-3 low).
    let (kh, kl) = (c("Kc Jd 8h 6s 4c"), c("Qd 3s"));
    assert_eq!(settle(&kh, &kl, &c("Ac Qh 9d 7s 2d"), &c("5c 5d")), Outcome::Lose);
    assert_eq!(settle(&kh, &kl, &c("5c 5d Qh 9d 7s"), &c("Ac 2d")), Outcome::Win, "set legally it wins");
}

/// Probabilities of the exact count, as (win, push, ace-high push, lose) for each policy.
fn exact(deck: &FupgDeck, way: &HouseWay) -> ([f64; 4], [f64; 4]) {
    use parsheet_games::strategy::face_up_pai_gow::{count, Deck};
    let d = Deck { rank_mask: deck.rank_mask, suits: deck.suits, joker: deck.joker };
    let k = count(d, way, &|_, _| {});
    let n = deck.cards().len() as u128;
    let choose = |n: u128, k: u128| (0..k).fold(1u128, |a, i| a * (n - i) / (i + 1));
    let deals = choose(n, 7) * choose(n - 7, 7);
    eprintln!("exact counts {k:?}, deals {deals}");
    let sum_o: u128 = k.optimal.iter().sum();
    let sum_h: u128 = k.house_way.iter().sum();
    assert_eq!(sum_o, sum_h);
    let t = deals as f64;
    // Every ordered deal is counted once: a win, push or loss of the policy, or an Ace High push.
    assert_eq!(sum_o + k.ace_high, deals);
    let p = |x: [u128; 3]| -> [f64; 4] { [x[0] as f64 / t, x[1] as f64 / t, k.ace_high as f64 / t, x[2] as f64 / t] };
    (p(k.optimal), p(k.house_way))
}

fn z_scores(e: &FupgEstimate, p: [f64; 4]) -> [f64; 5] {
    let n = e.tally.rounds() as f64;
    let f = [e.tally.win, e.tally.push, e.tally.push_ace_high, e.tally.lose].map(|x| x as f64 / n);
    let mut z = [0.0; 5];
    for i in 0..4 {
        // Binomial standard error at the exact probability (0 only if p is 0 or 1, when f must equal it).
        let se = (p[i] * (1.0 - p[i]) / n).sqrt();
        z[i] = if se == 0.0 { if f[i] == p[i] { 0.0 } else { f64::INFINITY } } else { (f[i] - p[i]) / se };
    }
    z[4] = (e.mean_net - (p[0] - p[3])) / e.standard_error;
    z
}

fn check(name: &str, deck: FupgDeck, way_id: &str, rounds: u64, seed: u64) {
    let w = way(way_id);
    let t = std::time::Instant::now();
    let (po, ph) = exact(&deck, &w);
    let t_exact = t.elapsed();
    let (so, sh) = simulate_face_up_pai_gow(&w, &deck, rounds, seed);
    eprintln!("{name} / {way_id}: exact {t_exact:?}, simulated {rounds} in {:?}", t.elapsed() - t_exact);
    for (policy, e, p) in [("optimal", so, po), ("house-way", sh, ph)] {
        let z = z_scores(&e, p);
        eprintln!("  {policy}: exact [win push ace-high lose] {p:.6?} net {:.6}; simulated {:?} net {:.6} ± {:.6}; z {z:.2?}", p[0] - p[3], e.tally, e.mean_net, e.standard_error);
        assert!(z.iter().all(|z| z.abs() < 4.5), "{name} / {way_id} / {policy}: z {z:?}");
    }
}

// Four reduced decks, two house ways; about 1.6 million simulated rounds in all. Each exact
// probability (win, push, Ace High push, loss, for both policies) and the mean net must lie within
// 4.5 standard errors of the simulated frequency.

#[test]
fn ten_to_ace_with_joker_matches_the_exact_count() {
    // Pairs in every hand, many copies: no Ace High Pai Gow is possible.
    check("T-A x4 + joker", FupgDeck { rank_mask: 0x1f00, suits: 4, joker: true }, "foxwoods", 400_000, 1);
}

#[test]
fn low_ranks_and_ace_with_joker_match_the_exact_count() {
    // 2-8 and the ace: wheels, A-2-3-4-5 straights and Ace High Pai Gows all occur.
    check("2-8,A x4 + joker", FupgDeck { rank_mask: 0x107f, suits: 4, joker: true }, "foxwoods", 600_000, 2);
}

#[test]
fn low_ranks_and_ace_without_joker_match_the_exact_count() {
    check("2-8,A x4", FupgDeck { rank_mask: 0x107f, suits: 4, joker: false }, "highest-high", 300_000, 4);
}

#[test]
fn seven_to_ace_in_three_suits_matches_the_exact_count() {
    // Three suits: flushes are rarer than straights, so their order matters differently.
    check("7-A x3 + joker", FupgDeck { rank_mask: 0x1fe0, suits: 3, joker: true }, "highest-high", 300_000, 5);
}

#[test]
fn a_seed_gives_the_same_rounds() {
    let deck = FupgDeck { rank_mask: 0x1f00, suits: 4, joker: true };
    let w = way("foxwoods");
    assert_eq!(simulate_face_up_pai_gow(&w, &deck, 2_000, 9), simulate_face_up_pai_gow(&w, &deck, 2_000, 9));
    assert_ne!(simulate_face_up_pai_gow(&w, &deck, 2_000, 9).0.tally, simulate_face_up_pai_gow(&w, &deck, 2_000, 10).0.tally);
}

/// The full 53-card game, for comparing by hand with the exact full-deck run (not part of the
/// suite): `FUPG_ROUNDS=10000000 FUPG_WAY=foxwoods cargo test --release -p parsheet-sim --test
/// face_up_pai_gow -- --ignored --nocapture full_deck`.
#[test]
#[ignore]
fn full_deck() {
    let env = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
    let rounds: u64 = env("FUPG_ROUNDS", "1000000").parse().unwrap();
    let seed: u64 = env("FUPG_SEED", "1").parse().unwrap();
    let threads: usize = env("FUPG_THREADS", "1").parse().unwrap();
    let way_id = env("FUPG_WAY", "foxwoods");
    let t = std::time::Instant::now();
    let (o, h) = parsheet_sim::face_up_pai_gow::face_up_pai_gow_full_deck(&way(&way_id), rounds, seed, threads);
    println!("full deck, {way_id}, {rounds} rounds, seed {seed}, {threads} threads, {:?}", t.elapsed());
    for (policy, e) in [("optimal", o), ("house-way", h)] {
        println!("  {policy}: {:?} mean net {:.6} ± {:.6}", e.tally, e.mean_net, e.standard_error);
    }
}
