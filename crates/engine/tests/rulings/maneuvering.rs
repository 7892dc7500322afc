//! Rulings F. 军争 rules (`timing-rulings.md` F.25–28), and the rulings of C–E that the 军争 cards
//! bring in (C.15–16 兵粮寸断 and recasting, D.17 damage natures, E.23 兵粮寸断's distance), in
//! the 160-card game. The call D.25 leaves open is `docs/rulings.md` "铁索连环: how much the
//! chain passes on".

use crate::support::*;

/// Seat 0 (current) uses a 杀 made of `spec` on seat 1, who does not dodge.
fn slash_hits(c: &mut Check, spec_kind: CardKind) {
    c.card(0, spec_kind, &[1]).pass(1);
}

// ---- F.25 铁索连环 chain conduction ----------------------------------------------------------

/// F.25: fire damage to a chained character unchains it and passes on to every other chained
/// character in seat order from the current seat (3 before 0 when seat 2 is current).
#[test]
fn f25_fire_damage_passes_along_the_chain_in_seat_order_from_the_current_seat() {
    let mut s = table160(&[Lord, Rebel, Rebel, Loyalist]);
    s.current = Some(Seat(2));
    seat(&mut s, 2).hand = vec![fire()];
    for i in [0, 1, 3] {
        seat(&mut s, i).chained = true;
    }
    let mut c = Check::new(s);
    c.card(2, Slash, &[1]).pass(1);
    assert_eq!(
        damage_log(&c),
        [
            (1, 1, Nature::Fire),
            (3, 1, Nature::Fire),
            (0, 1, Nature::Fire)
        ]
    );
    for i in 0..4 {
        assert!(!c.game.is_chained(Seat(i)), "seat {i} still chained");
    }
    // Each link is chain damage of the same source.
    let sources: Vec<_> = c
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Damaged { source, .. } => Some(*source),
            _ => None,
        })
        .collect();
    assert_eq!(sources, [Some(Seat(2)); 3]);
    c.assert_conserved();
}

/// F.25: normal damage neither unchains nor passes on.
#[test]
fn f25_normal_damage_neither_unchains_nor_passes_on() {
    let mut s = table160(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).chained = true;
    seat(&mut s, 2).chained = true;
    let mut c = Check::new(s);
    slash_hits(&mut c, Slash);
    assert_eq!(damage_log(&c), [(1, 1, Nature::Normal)]);
    assert!(c.game.is_chained(Seat(1)) && c.game.is_chained(Seat(2)));
}

/// F.25 + the open call (`docs/rulings.md`): the chain passes on the damage as the source dealt
/// it — 酒's +1 included — and each chained character applies its own armor: the first
/// target's 藤甲 +1 stays with it, the next one's 白银狮子 caps only its own damage.
#[test]
fn f25_the_chain_passes_on_the_dealt_amount_each_armor_applies_to_its_own_damage() {
    let mut s = table160(&[Lord, Rebel, Rebel, Loyalist]);
    seat(&mut s, 0).hand = vec![CardSpec::kind(Analeptic), fire()];
    seat(&mut s, 1).equip = cards(&[Vine]);
    seat(&mut s, 2).equip = cards(&[SilverLion]);
    for i in 1..4 {
        seat(&mut s, i).chained = true;
    }
    let mut c = Check::new(s);
    c.card(0, Analeptic, &[]);
    slash_hits(&mut c, Slash);
    // Seat 1: 1 + 酒 + 藤甲 = 3. Seat 2: 2, capped to 1 by its lion. Seat 3: 2.
    assert_eq!(
        damage_log(&c),
        [
            (1, 3, Nature::Fire),
            (2, 1, Nature::Fire),
            (3, 2, Nature::Fire)
        ]
    );
    assert_eq!((c.hp(1), c.hp(2), c.hp(3)), (1, 3, 2));
}

/// F.25: a 藤甲 down the chain adds its +1 to chain fire damage too (F.27).
#[test]
fn f25_vine_down_the_chain_adds_one_to_chain_fire_damage() {
    let mut s = table160(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = vec![fire()];
    seat(&mut s, 1).chained = true;
    seat(&mut s, 2).chained = true;
    seat(&mut s, 2).equip = cards(&[Vine]);
    let mut c = Check::new(s);
    slash_hits(&mut c, Slash);
    assert_eq!(damage_log(&c), [(1, 1, Nature::Fire), (2, 2, Nature::Fire)]);
}

/// F.25: the source's weapon effects (古锭刀) do not run for chained characters: they are not
/// targets of the 杀.
#[test]
fn f25_guding_blade_does_not_apply_to_chained_characters() {
    let mut s = table160(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = vec![thunder()];
    seat(&mut s, 0).equip = cards(&[GudingBlade]);
    seat(&mut s, 1).hand = cards(&[Peach]);
    seat(&mut s, 1).chained = true;
    seat(&mut s, 2).chained = true; // no hand cards, but no target of the 杀
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    assert_eq!(
        damage_log(&c),
        [(1, 1, Nature::Thunder), (2, 1, Nature::Thunder)]
    );
}

/// F.25: 青釭剑 ignores the armor of the 杀's target only; a chained character's armor works.
#[test]
fn f25_qinggang_ignores_only_the_targets_armor() {
    let mut s = table160(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = vec![fire()];
    seat(&mut s, 0).equip = cards(&[QinggangSword]);
    for i in [1, 2] {
        seat(&mut s, i).chained = true;
        seat(&mut s, i).equip = cards(&[Vine]);
    }
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    assert_eq!(damage_log(&c), [(1, 1, Nature::Fire), (2, 2, Nature::Fire)]);
}

/// F.25: the chain goes on when the first target dies of its damage; dead characters are
/// skipped.
#[test]
fn f25_the_chain_goes_on_after_the_first_target_dies() {
    let mut s = table160(&[Lord, Rebel, Rebel, Loyalist]);
    seat(&mut s, 0).hand = vec![thunder()];
    for i in 1..4 {
        seat(&mut s, i).chained = true;
    }
    seat(&mut s, 1).hp = Some(1);
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    decline_saves(&mut c);
    assert!(!c.alive(1));
    assert_eq!(
        damage_log(&c),
        [
            (1, 1, Nature::Thunder),
            (2, 1, Nature::Thunder),
            (3, 1, Nature::Thunder)
        ]
    );
}

/// F.25: prevented damage (寒冰剑) lands on nobody, so it starts no chain.
#[test]
fn f25_damage_prevented_before_it_lands_starts_no_chain() {
    let mut s = table160(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = vec![thunder()];
    seat(&mut s, 0).equip = cards(&[IceSword]);
    seat(&mut s, 1).hand = cards(&[Peach, Peach]);
    seat(&mut s, 1).chained = true;
    seat(&mut s, 2).chained = true;
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    // 寒冰剑: prevent the damage and discard two of the target's cards instead.
    c.skill(0, SkillId::IceSword);
    while c.is_asked(0, |k| matches!(k, PromptKind::PickCard { .. })) {
        c.act(
            0,
            Action::Pick {
                pick: Pick::Hand { index: 0 },
            },
        );
    }
    assert!(damage_log(&c).is_empty());
    assert!(c.game.is_chained(Seat(1)) && c.game.is_chained(Seat(2)));
}

// ---- F.26 酒 -------------------------------------------------------------------------------

/// F.26: one 酒 a turn; its +1 goes into the next 杀, which uses it up even when dodged.
#[test]
fn f26_one_analeptic_a_turn_used_up_by_the_next_slash_hit_or_not() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Analeptic, Analeptic, Slash]);
    seat(&mut s, 1).hand = cards(&[Jink]);
    let mut c = Check::new(s);
    c.card(0, Analeptic, &[]);
    assert!(c.game.is_drunk(Seat(0)));
    assert!(
        c.find_card(0, Analeptic, &[]).is_none(),
        "a second 酒 this turn"
    );
    c.card(0, Slash, &[1]);
    assert!(!c.game.is_drunk(Seat(0)), "the 杀 used it up");
    c.card(1, Jink, &[]);
    assert_eq!(c.hp(1), 4);
    assert!(damage_log(&c).is_empty());
}

/// F.26: the drunk 杀 deals 2; the +1 is for 杀 only (not 决斗).
#[test]
fn f26_the_next_slash_deals_one_more_and_a_duel_does_not_use_it() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Analeptic, Duel, Slash]);
    let mut c = Check::new(s);
    c.card(0, Analeptic, &[])
        .card(0, Duel, &[1])
        .pass_windows()
        .pass(1);
    assert_eq!(c.hp(1), 3, "决斗 deals 1");
    assert!(c.game.is_drunk(Seat(0)));
    c.card(0, Slash, &[1]).pass(1);
    assert_eq!(c.hp(1), 1, "the 杀 deals 2");
}

/// F.26: an unused 酒 is lost at the end of the turn.
#[test]
fn f26_an_unused_analeptic_is_lost_at_the_end_of_the_turn() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Analeptic]);
    let mut c = Check::new(s);
    c.card(0, Analeptic, &[]).pass(0);
    while c.game.turn().seat == Seat(0) {
        let p = c.game.prompts()[0].clone();
        c.act(p.seat.0, p.default_action());
    }
    assert!(!c.game.is_drunk(Seat(0)));
    assert!(c
        .events
        .iter()
        .any(|e| matches!(e, Event::MarkChanged { seat: Seat(0), .. })));
}

/// F.26 + D.19: while dying you may use 酒 on yourself (it does not count toward the limit);
/// nobody may save another character with 酒.
#[test]
fn f26_analeptic_saves_only_yourself_and_the_dying_use_is_not_counted() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hp = Some(1);
    seat(&mut s, 0).hand = cards(&[Duel, Analeptic, Analeptic, Slash]);
    seat(&mut s, 1).hand = cards(&[Slash, Analeptic]);
    let mut c = Check::new(s);
    c.card(0, Duel, &[1])
        .pass_windows()
        .card(1, Slash, &[])
        .pass(0);
    // Seat 0 is dying in its own play phase and drinks.
    assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { dying: Seat(0) })));
    c.card(0, Analeptic, &[]);
    assert_eq!(c.hp(0), 1);
    // It may still drink for the +1 this turn.
    c.card(0, Analeptic, &[]).card(0, Slash, &[1]).pass(1);
    assert_eq!(c.hp(1), 2);

    // Seat 1 dying: seat 0 (asked first) is offered no 酒 for it.
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = vec![CardSpec::kind(Analeptic), CardSpec::kind(Slash)];
    seat(&mut s, 1).hp = Some(1);
    seat(&mut s, 1).hand = cards(&[Analeptic]);
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { dying: Seat(1) })));
    assert!(!offers(&c, 0, Analeptic, None));
    c.pass(0);
    assert!(offers(&c, 1, Analeptic, None));
    c.card(1, Analeptic, &[]);
    assert_eq!(c.hp(1), 1);
    assert!(c.is_asked(0, |k| *k == PromptKind::Play));
}

// ---- F.27 藤甲 -----------------------------------------------------------------------------

/// F.27: 藤甲 stops a normal 杀, 南蛮入侵 and 万箭齐发; a 火杀 deals 2, a 雷杀 1.
#[test]
fn f27_vine_stops_normal_slash_and_aoe_but_not_nature_slashes() {
    let vine = |hand: Vec<CardSpec>| {
        let mut s = table160(&[Lord, Rebel]);
        seat(&mut s, 0).hand = hand;
        seat(&mut s, 1).equip = cards(&[Vine]);
        Check::new(s)
    };
    let mut c = vine(cards(&[Slash]));
    c.card(0, Slash, &[1]);
    assert!(!c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })));
    assert_eq!(c.hp(1), 4);
    for aoe in [SavageAssault, ArcheryAttack] {
        let mut c = vine(cards(&[aoe]));
        c.card(0, aoe, &[]).pass_windows();
        assert!(!c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })));
        assert_eq!(c.hp(1), 4, "{aoe:?}");
    }
    let mut c = vine(vec![fire()]);
    c.card(0, Slash, &[1]).pass(1);
    assert_eq!(damage_log(&c), [(1, 2, Nature::Fire)]);
    let mut c = vine(vec![thunder()]);
    c.card(0, Slash, &[1]).pass(1);
    assert_eq!(damage_log(&c), [(1, 1, Nature::Thunder)]);
}

/// F.27: 青釭剑 ignores 藤甲 like any armor: the normal 杀 hits.
#[test]
fn f27_qinggang_sword_ignores_vine() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 0).equip = cards(&[QinggangSword]);
    seat(&mut s, 1).equip = cards(&[Vine]);
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    assert_eq!(c.hp(1), 3);
}

// ---- F.28 and C.16 recasting ---------------------------------------------------------------

/// F.28 + C.16: recasting 铁索连环 puts it into the discard pile and draws one; it is not a use:
/// no 无懈可击 window, no "card used" (黄月英's 集智 does not draw).
#[test]
fn f28_recasting_is_not_a_use() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).general = GeneralId::Huangyueying;
    seat(&mut s, 0).hand = cards(&[IronChain]);
    seat(&mut s, 1).hand = cards(&[Nullification]);
    let mut c = Check::new(s);
    let chain = c.hand_card(0, IronChain);
    assert!(c.allows(0, &Action::Recast { card: chain }));
    c.act(0, Action::Recast { card: chain });
    assert_eq!(c.discard_pile(), vec![IronChain]);
    assert_eq!(c.hand(0).len(), 1, "drew one, and 集智 drew nothing");
    assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    assert!(!c.has_prompt(1));
    assert!(!c
        .events
        .iter()
        .any(|e| matches!(e, Event::CardUsed { .. } | Event::SkillInvoked { .. })));
    assert!(c.events.contains(&Event::CardRecast {
        seat: Seat(0),
        card: chain
    }));
    c.assert_conserved();
}

/// F.28: only in your own play phase, only a recastable card.
#[test]
fn f28_only_iron_chain_and_only_in_the_play_phase() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash, Duel]);
    seat(&mut s, 1).hand = cards(&[IronChain, Jink]);
    let mut c = Check::new(s);
    let slash = c.hand_card(0, Slash);
    assert!(!c.allows(0, &Action::Recast { card: slash }));
    let chain = c.hand_card(1, IronChain);
    c.card(0, Duel, &[1]).pass_windows();
    // Seat 1, answering the 决斗, may not recast.
    assert!(!c.allows(1, &Action::Recast { card: chain }));
}

/// C.13 + 铁索连环: each of its two targets has its own 无懈可击 window; a used chain flips each
/// target's state.
#[test]
fn c13_iron_chain_each_target_has_its_own_window() {
    let mut s = table160(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[IronChain, IronChain]);
    seat(&mut s, 2).hand = cards(&[Nullification]);
    let mut c = Check::new(s);
    c.card(0, IronChain, &[1, 2]);
    nullify_for(&mut c, 2, 2);
    assert!(c.game.is_chained(Seat(1)));
    assert!(!c.game.is_chained(Seat(2)));
    // Using it on a chained character unchains it; one target is enough, yourself included.
    c.card(0, IronChain, &[0, 1]).pass_windows();
    assert!(c.game.is_chained(Seat(0)));
    assert!(!c.game.is_chained(Seat(1)));
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::ChainChanged {
            seat: Seat(1),
            chained: false
        }
    )));
}

// ---- C.15, E.23 兵粮寸断 -------------------------------------------------------------------

/// C.15: 兵粮寸断 skips the draw phase unless the judgment is ♣; then it is discarded.
#[test]
fn c15_supply_shortage_skips_the_draw_phase_unless_club() {
    let judged = |top: CardSpec| {
        let mut s = table160(&[Lord, Rebel]);
        s.phase = Phase::Judge;
        seat(&mut s, 0).judge = cards(&[SupplyShortage]);
        s.draw_pile_top = vec![top];
        let mut c = Check::new(s);
        c.pass_windows();
        c
    };
    let c = judged(CardSpec::exact(Peach, Suit::Heart, 3));
    assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    assert!(c.hand(0).is_empty(), "the draw phase was skipped");
    assert!(c.events.contains(&Event::PhaseSkipped {
        seat: Seat(0),
        phase: Phase::Draw
    }));
    assert!(c.discard_pile().contains(&SupplyShortage));
    let c = judged(CardSpec::exact(Slash, Suit::Club, 2));
    assert_eq!(c.hand(0).len(), 2, "♣: drew as usual");
    assert!(c.judge_area(0).is_empty());
}

/// C.14: a nullified 兵粮寸断 is discarded without effect.
#[test]
fn c14_nullified_supply_shortage_is_discarded() {
    let mut s = table160(&[Lord, Rebel]);
    s.phase = Phase::Judge;
    seat(&mut s, 0).judge = cards(&[SupplyShortage]);
    seat(&mut s, 0).hand = cards(&[Nullification]);
    let mut c = Check::new(s);
    nullify_for(&mut c, 0, 0);
    assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    assert_eq!(c.hand(0).len(), 2);
    assert!(c.discard_pile().contains(&SupplyShortage));
}

/// E.23: 兵粮寸断 needs distance 1 — horses count (赤兔 shortens, 骅骝 lengthens), weapons do
/// not; 奇才 lifts the limit. One per judgment area (A.8), never yourself.
#[test]
fn e23_supply_shortage_distance_one_with_horses_and_qicai() {
    let targets = |equip: &[CardKind], general: GeneralId, far_equip: &[CardKind]| {
        let mut s = table160(&[Lord, Rebel, Rebel, Loyalist]);
        seat(&mut s, 0).general = general;
        seat(&mut s, 0).hand = cards(&[SupplyShortage]);
        seat(&mut s, 0).equip = cards(equip);
        seat(&mut s, 1).equip = cards(far_equip);
        let c = Check::new(s);
        (0..4)
            .filter(|t| c.find_card(0, SupplyShortage, &[*t]).is_some())
            .collect::<Vec<u8>>()
    };
    assert_eq!(targets(&[], GeneralId::White, &[]), [1, 3]);
    assert_eq!(
        targets(&[Blade], GeneralId::White, &[]),
        [1, 3],
        "weapons do not count"
    );
    assert_eq!(targets(&[Chitu], GeneralId::White, &[]), [1, 2, 3]);
    assert_eq!(targets(&[], GeneralId::White, &[Hualiu]), [3]);
    assert_eq!(targets(&[], GeneralId::Huangyueying, &[Hualiu]), [1, 2, 3]);
}

/// A.8: no two 兵粮寸断 in one judgment area.
#[test]
fn a8_one_supply_shortage_per_judgment_area() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[SupplyShortage, SupplyShortage]);
    let mut c = Check::new(s);
    c.card(0, SupplyShortage, &[1]);
    assert_eq!(c.judge_area(1), vec![SupplyShortage]);
    assert!(c.find_card(0, SupplyShortage, &[1]).is_none());
}

// ---- D.17 natures --------------------------------------------------------------------------

/// D.17: 火杀 deals fire damage, 雷杀 thunder, 火攻 fire; a 杀 of any nature is a 杀 (one per
/// play phase, answered by 闪).
#[test]
fn d17_natures_of_the_cards() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = vec![fire(), thunder()];
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]);
    assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
    c.pass(1);
    assert_eq!(damage_log(&c), [(1, 1, Nature::Fire)]);
    assert!(
        c.find_card(0, Slash, &[1]).is_none(),
        "a 雷杀 is the second 杀 of the phase"
    );
}

/// The 160-card deck: standard 104 + EX 4 + 军争 52, 40 of each suit; 44 杀 of which 14 have a
/// nature.
#[test]
fn the_160_card_deck() {
    let c = Check::new(table160(&[Lord, Rebel]));
    let deck = c.game.deck().cards();
    assert_eq!(deck.len(), 160);
    for suit in [Suit::Spade, Suit::Heart, Suit::Club, Suit::Diamond] {
        assert_eq!(deck.iter().filter(|card| card.suit == suit).count(), 40);
    }
    let slashes = deck.iter().filter(|card| card.kind == Slash);
    assert_eq!(slashes.clone().count(), 44);
    assert_eq!(
        slashes.filter(|card| card.nature.is_elemental()).count(),
        14
    );
    let mut s = table160(&[Lord, Rebel]);
    s.ruleset = Ruleset::maneuvering().with_card_option("standard", "ex", false);
    // Rows a pack option leaves out keep their ids and stay out of the game.
    assert_eq!(c.game.table().draw_pile.len(), 160);
    assert_eq!(Check::new(s).game.table().draw_pile.len(), 156);
}
