//! 军争 cards with the standard generals (issue 16's list), in the 160-card game. Where the
//! outcome is a ruling it is in `docs/rulings.md` ("军争 with the standard generals").

use crate::support::*;

fn skill_card(c: &Check, seat: u8, skill: SkillId, card: CardSpec, targets: &[u8]) -> Action {
    let CardSpec::Kind {
        kind, suit, rank, ..
    } = card
    else {
        panic!("a card by kind");
    };
    let found = c.find(seat, |cards, s, t| {
        s == Some(skill)
            && cards.len() == 1
            && {
                let card = c.game.card(cards[0]);
                card.kind == kind
                    && suit.is_none_or(|x| x == card.suit)
                    && rank.is_none_or(|x| x == card.rank)
            }
            && t.iter().map(|x| x.0).eq(targets.iter().copied())
    });
    match found {
        Some(action) => action,
        None => panic!("seat {seat} cannot use {kind:?} by {skill:?} on {targets:?}"),
    }
}

/// 武圣 turns a red 酒 into a normal 杀.
#[test]
fn wusheng_uses_a_red_analeptic_as_a_normal_slash() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).general = GeneralId::Guanyu;
    seat(&mut s, 0).hand = vec![CardSpec::exact(Analeptic, Suit::Diamond, 9)];
    let mut c = Check::new(s);
    let action = skill_card(
        &c,
        0,
        SkillId::Wusheng,
        CardSpec::exact(Analeptic, Suit::Diamond, 9),
        &[1],
    );
    c.act(0, action).pass(1);
    assert_eq!(damage_log(&c), [(1, 1, Nature::Normal)]);
}

/// 武圣 on a 火杀 makes a normal 杀 (so 藤甲 stops it); used as itself it is a 火杀.
#[test]
fn wusheng_on_a_fire_slash_makes_a_normal_slash() {
    let game = |wusheng: bool| {
        let mut s = table160(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Guanyu;
        seat(&mut s, 0).hand = vec![fire()];
        seat(&mut s, 1).equip = cards(&[Vine]);
        let mut c = Check::new(s);
        let action = if wusheng {
            skill_card(&c, 0, SkillId::Wusheng, fire(), &[1])
        } else {
            c.find_card(0, Slash, &[1]).expect("the 火杀")
        };
        c.act(0, action);
        if c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })) {
            c.pass(1);
        }
        c
    };
    assert_eq!(game(true).hp(1), 4, "a normal 杀 has no effect on 藤甲");
    assert_eq!(damage_log(&game(false)), [(1, 2, Nature::Fire)]);
}

/// 龙胆: a 雷杀 may be given as a 闪.
#[test]
fn longdan_gives_a_thunder_slash_as_a_jink() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 1).general = GeneralId::Zhaoyun;
    seat(&mut s, 1).hand = vec![thunder()];
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]);
    let action = skill_card(&c, 1, SkillId::Longdan, thunder(), &[]);
    c.act(1, action);
    assert_eq!(c.hp(1), 4);
    assert!(c.hand(1).is_empty());
}

/// 八卦阵 answers a 火杀 like any 杀; against 藤甲 a 火杀 is not stopped and deals 2.
#[test]
fn eight_diagram_and_vine_against_a_fire_slash() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = vec![fire()];
    seat(&mut s, 1).equip = cards(&[EightDiagram]);
    s.draw_pile_top = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).skill(1, SkillId::EightDiagram);
    assert_eq!(c.hp(1), 4, "the red judgment is a 闪");
    assert!(c.is_asked(0, |k| *k == PromptKind::Play));
}

/// 仁王盾 stops a black 雷杀 (a 杀 of any nature); a red 火杀 gets through.
#[test]
fn renwang_shield_stops_a_black_thunder_slash() {
    let game = |slash: CardSpec| {
        let mut s = table160(&[Lord, Rebel]);
        seat(&mut s, 0).hand = vec![slash];
        seat(&mut s, 1).equip = cards(&[RenwangShield]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        if c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })) {
            c.pass(1);
        }
        c
    };
    assert!(damage_log(&game(thunder())).is_empty());
    assert_eq!(damage_log(&game(fire())), [(1, 1, Nature::Fire)]);
}

/// 无双 with 酒: two 闪 are still needed, and the 杀 deals 2.
#[test]
fn wushuang_with_analeptic() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).general = GeneralId::Lvbu;
    seat(&mut s, 0).hand = cards(&[Analeptic, Slash]);
    seat(&mut s, 1).hand = cards(&[Jink]);
    let mut c = Check::new(s);
    c.card(0, Analeptic, &[])
        .card(0, Slash, &[1])
        .card(1, Jink, &[]);
    assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { remaining: 1, .. })));
    c.pass(1);
    assert_eq!(damage_log(&c), [(1, 2, Nature::Normal)]);
}

/// A three-seat chain: seat 0 uses `slash` on seat 1 (chained, does not dodge); `general` in seat
/// 2 is chained too, with `equip`.
fn chained(general: GeneralId, slash: CardSpec, equip: &[CardKind], hand0: &[CardKind]) -> Check {
    let mut s = table160(&[Lord, Rebel, Rebel]);
    let mut hand = vec![slash];
    hand.extend(cards(hand0));
    seat(&mut s, 0).hand = hand;
    seat(&mut s, 1).chained = true;
    seat(&mut s, 2).chained = true;
    seat(&mut s, 2).general = general;
    seat(&mut s, 2).equip = cards(equip);
    s.draw_pile_top = vec![CardSpec::exact(SavageAssault, Suit::Spade, 7)];
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]).pass(1);
    c
}

/// 奸雄 on chain damage: the 杀 that caused it is still there to take.
#[test]
fn jianxiong_takes_the_slash_of_chain_damage() {
    let mut c = chained(GeneralId::Caocao, fire(), &[], &[]);
    assert_eq!(c.hp(2), 3);
    assert!(c.is_asked(2, |k| matches!(
        k,
        PromptKind::Confirm {
            skill: SkillId::Jianxiong
        }
    )));
    c.skill(2, SkillId::Jianxiong);
    assert_eq!(c.hand(2), vec![Slash]);
    c.assert_conserved();
}

/// 反馈 on chain damage: the source is the 杀's user.
#[test]
fn fankui_takes_a_card_of_the_chain_damages_source() {
    let mut c = chained(GeneralId::Simayi, thunder(), &[], &[Peach]);
    assert!(c.is_asked(2, |k| matches!(
        k,
        PromptKind::PickCard { owner: Seat(0), .. }
    )));
    c.act(
        2,
        Action::Pick {
            pick: Pick::Hand { index: 0 },
        },
    );
    assert_eq!(c.hand(2), vec![Peach]);
}

/// 遗计 per point: chained fire damage to a 郭嘉 in 藤甲 is 2, so 遗计 twice.
#[test]
fn yiji_per_point_of_chained_fire_damage() {
    let mut c = chained(GeneralId::Guojia, fire(), &[Vine], &[]);
    assert_eq!(damage_log(&c), [(1, 1, Nature::Fire), (2, 2, Nature::Fire)]);
    let mut asked = 0;
    while c.is_asked(2, |k| {
        matches!(
            k,
            PromptKind::Confirm {
                skill: SkillId::Yiji
            }
        )
    }) {
        asked += 1;
        c.skill(2, SkillId::Yiji).pass(2);
    }
    assert_eq!(asked, 2);
    assert_eq!(c.hand(2).len(), 4);
}

/// 刚烈 on a chain link: its source is the 杀's user.
#[test]
fn ganglie_on_a_chain_link() {
    let mut c = chained(GeneralId::Xiahoudun, thunder(), &[], &[]);
    c.skill(2, SkillId::Ganglie);
    // ♠ judgment; seat 0 has no two hand cards: it takes 1.
    assert_eq!(c.hp(0), 3);
    assert!(c.events.iter().any(|e| matches!(
        e,
        Event::Damaged {
            source: Some(Seat(2)),
            target: Seat(0),
            ..
        }
    )));
}

/// 白银狮子 with 裸衣 and 酒: 1 + 1 + 1 = 3, capped to 1.
#[test]
fn silver_lion_caps_luoyi_and_analeptic() {
    let mut s = table160(&[Lord, Rebel]);
    s.phase = Phase::Draw;
    seat(&mut s, 0).general = GeneralId::Xuchu;
    seat(&mut s, 0).hand = cards(&[Analeptic, Slash]);
    seat(&mut s, 1).equip = cards(&[SilverLion]);
    s.draw_pile_top = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
    let mut c = Check::new(s);
    c.skill(0, SkillId::Luoyi);
    c.card(0, Analeptic, &[]).card(0, Slash, &[1]).pass(1);
    assert_eq!(damage_log(&c), [(1, 1, Nature::Normal)]);
    assert_eq!(c.hp(1), 3);
}

/// 流离 moves a 火杀: still fire for the new target (藤甲: 2).
#[test]
fn liuli_moves_a_fire_slash() {
    let mut s = table160(&[Lord, Rebel, Loyalist, Renegade]);
    seat(&mut s, 0).hand = vec![fire()];
    seat(&mut s, 1).general = GeneralId::Daqiao;
    seat(&mut s, 1).hand = cards(&[Peach]);
    seat(&mut s, 2).equip = cards(&[Vine]);
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]);
    let peach = c.hand_card(1, Peach);
    c.act(
        1,
        Action::Skill {
            skill: SkillId::Liuli,
            cards: vec![peach],
            targets: vec![Seat(2)],
        },
    );
    c.pass(2);
    assert_eq!(damage_log(&c), [(2, 2, Nature::Fire)]);
}

/// 天妒 obtains the judgment card of 兵粮寸断.
#[test]
fn tiandu_obtains_the_supply_shortage_judgment() {
    let mut s = table160(&[Lord, Rebel]);
    s.phase = Phase::Judge;
    seat(&mut s, 0).general = GeneralId::Guojia;
    seat(&mut s, 0).judge = cards(&[SupplyShortage]);
    s.draw_pile_top = vec![CardSpec::exact(Peach, Suit::Heart, 3)];
    let mut c = Check::new(s);
    c.pass_windows();
    assert!(c.is_asked(0, |k| matches!(
        k,
        PromptKind::Confirm {
            skill: SkillId::Tiandu
        }
    )));
    c.skill(0, SkillId::Tiandu);
    assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    assert_eq!(c.hand(0), vec![Peach], "the draw phase was skipped");
}

/// 谦逊 names only 顺手牵羊 and 乐不思蜀: 兵粮寸断 may target 陆逊.
#[test]
fn qianxun_does_not_stop_supply_shortage() {
    let mut s = table160(&[Lord, Rebel]);
    seat(&mut s, 0).hand = cards(&[SupplyShortage, Indulgence, Snatch]);
    seat(&mut s, 1).general = GeneralId::Luxun;
    seat(&mut s, 1).hand = cards(&[Jink]);
    let c = Check::new(s);
    assert!(c.find_card(0, SupplyShortage, &[1]).is_some());
    assert!(c.find_card(0, Indulgence, &[1]).is_none());
    assert!(c.find_card(0, Snatch, &[1]).is_none());
}
