use super::*;

fn settings(free: u32) -> ProofOfWorkSettings {
    ProofOfWorkSettings { free_submissions: free, levels: vec![16, 64], cost: 10, ..defaults() }
}

fn defaults() -> ProofOfWorkSettings {
    crate::config::Settings::load_from(&Default::default()).expect("defaults").proof_of_work
}

fn proofs(free: u32) -> Proofs {
    Proofs::new(&settings(free), &SecretKey::from_bytes(vec![7; 32]))
}

/// Accepted submissions until the level is `level`.
fn flood(proofs: &Proofs, level: usize) {
    while proofs.level() < level {
        proofs.pace.add(Instant::now());
    }
}

fn solve(challenge: &altcha::Challenge) -> altcha::Solution {
    altcha::solve_challenge(altcha::SolveChallengeOptions::new(challenge)).unwrap().expect("solved")
}

fn field(challenge: &altcha::Challenge, solution: &altcha::Solution) -> Input {
    let payload = altcha::Payload { challenge: challenge.clone(), solution: solution.clone() };
    let text = STANDARD.encode(serde_json::to_vec(&payload).unwrap());
    Input::from_pairs([(PROOF_FIELD.to_string(), text)])
}

fn solved(proofs: &Proofs) -> Input {
    let challenge = proofs.challenge().expect("a challenge");
    field(&challenge, &solve(&challenge))
}

#[test]
fn in_normal_times_nothing_is_asked_and_no_challenge_given() {
    let proofs = proofs(3);
    flood(&proofs, 0);
    assert!(proofs.challenge().is_none());
    assert!(matches!(proofs.check(&Input::default()), Ok(Ticket::Free)));
    for _ in 0..2 {
        proofs.spend(Ticket::Free).unwrap();
    }
    assert_eq!(proofs.level(), 0, "two of three free");
    proofs.spend(Ticket::Free).unwrap();
    assert_eq!(proofs.level(), 1, "every submission counts, free ones too");
}

#[test]
fn under_a_flood_a_solved_challenge_is_good_for_one_post() {
    let proofs = proofs(2);
    flood(&proofs, 1);
    assert_eq!(proofs.check(&Input::default()).unwrap_err(), Refusal::ProofRequired);
    let input = solved(&proofs);
    let ticket = proofs.check(&input).expect("a genuine solution");
    assert!(matches!(ticket, Ticket::Proven { .. }));
    // Checked twice before it is used (two posts at once): the first use wins.
    let again = proofs.check(&input).expect("not used yet");
    proofs.spend(ticket).unwrap();
    assert_eq!(proofs.spend(again).unwrap_err(), Refusal::ProofSpent);
    assert_eq!(proofs.check(&input).unwrap_err(), Refusal::ProofSpent, "replayed");
}

#[test]
fn a_wrong_forged_or_foreign_proof_is_refused() {
    let proofs = proofs(1);
    flood(&proofs, 1);
    let challenge = proofs.challenge().unwrap();
    let mut solution = solve(&challenge);
    let garbage = Input::from_pairs([(PROOF_FIELD.to_string(), "bm90IGpzb24=".to_string())]);
    assert_eq!(proofs.check(&garbage).unwrap_err(), Refusal::ProofInvalid);
    // Another key's challenge, solved: not ours.
    let foreign = Proofs::new(&settings(1), &SecretKey::from_bytes(vec![8; 32]));
    flood(&foreign, 1);
    assert_eq!(proofs.check(&solved(&foreign)).unwrap_err(), Refusal::ProofInvalid);
    // A higher level or a later expiry written in: the signature no longer fits.
    let mut raised = challenge.clone();
    raised.parameters.data = Some([(LEVEL.to_string(), 9.into())].into());
    assert_eq!(proofs.check(&field(&raised, &solution)).unwrap_err(), Refusal::ProofInvalid);
    // A key that is not the one to find.
    solution.derived_key = "00".repeat(32);
    assert_eq!(proofs.check(&field(&challenge, &solution)).unwrap_err(), Refusal::ProofInvalid);
}

#[test]
fn an_expired_challenge_or_one_of_a_lower_level_is_refused() {
    let proofs = proofs(1);
    flood(&proofs, 1);
    let expired = altcha::create_challenge(altcha::CreateChallengeOptions {
        algorithm: ALGORITHM.into(),
        counter: Some(3),
        cost: 10,
        data: Some([(LEVEL.to_string(), 1.into())].into()),
        expires_at: Some(jiff::Timestamp::now().as_second() - 1),
        hmac_signature_secret: Some(proofs.challenge_secret.clone()),
        hmac_key_signature_secret: Some(proofs.key_secret.clone()),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(proofs.check(&field(&expired, &solve(&expired))).unwrap_err(), Refusal::ProofInvalid);
    let level_one = solved(&proofs);
    flood(&proofs, 2);
    assert_eq!(proofs.check(&level_one).unwrap_err(), Refusal::ProofRequired, "the flood grew meanwhile");
    assert!(proofs.check(&solved(&proofs)).is_ok());
}

/// Issue 51: the browser counts from 0, so a count drawn from part of the range is a shortcut for
/// a solver that starts there. Over 100 challenges of level 2 (counts 0..=64) every quarter of
/// the range is hit; the chance that a uniform draw misses one is below 4 × (3/4)^100, about 10^-12.
#[test]
fn the_secret_count_is_drawn_from_the_whole_range_the_browser_searches() {
    let proofs = proofs(1);
    flood(&proofs, 2);
    let (mut quarters, mut from_zero, mut from_half) = ([0; 4], 0, 0);
    for _ in 0..100 {
        let challenge = proofs.challenge().unwrap();
        // Counted from 0, as the browser does.
        let counter = solve(&challenge).counter;
        assert!(counter <= 64, "{counter}");
        quarters[(counter as usize / 16).min(3)] += 1;
        // The derivations of the browser, and of a solver starting at 32 and wrapping round.
        from_zero += counter + 1;
        from_half += (counter + 65 - 32) % 65 + 1;
    }
    assert!(quarters.iter().all(|&n| n > 0), "counts per quarter of 0..=64: {quarters:?}");
    // Drawn from the upper half, the second did a third of the first's work.
    assert!(3 * from_half > 2 * from_zero, "from 0: {from_zero} derivations, from 32: {from_half}");
}

#[test]
fn no_levels_means_never_asked() {
    let proofs = Proofs::new(
        &ProofOfWorkSettings { levels: vec![], free_submissions: 1, ..defaults() },
        &SecretKey::from_bytes(vec![7; 32]),
    );
    for _ in 0..100 {
        proofs.spend(Ticket::Free).unwrap();
    }
    assert!(matches!(proofs.check(&Input::default()), Ok(Ticket::Free)));
    assert!(proofs.challenge().is_none());
}
