//! 国战: using a hidden general's skill reveals it first (H-REV-2, H-REV-9), its rewards before
//! the skill resolves (H-REW-4); skills that would prompt on their own stay silent while hidden
//! (H-REV-10, decision 0018).

use crate::action::Action;
use crate::card::CardKind::{Jink, Peach, Slash};
use crate::event::{Camp, Event};
use crate::ids::{GeneralId as G, SkillId};
use crate::prompt::{Cause, PromptKind};
use crate::scenario::{Scenario, ScenarioDuo};
use crate::seat::{Role, Seat};
use crate::testing::{cards, seat, Check};

use super::mingzhi;
use super::tests::ruleset;

/// A 国战 table in seat 1's play phase: each seat's (main, deputy, main shown, deputy shown).
pub(crate) fn table(duos: &[(G, G, bool, bool)]) -> Scenario {
    let mut s = Scenario::with_roles(&vec![Role::Rebel; duos.len()]);
    s.ruleset = ruleset();
    for (i, (main, deputy, main_shown, deputy_shown)) in duos.iter().enumerate() {
        seat(&mut s, i as u8).duo = Some(ScenarioDuo {
            main: *main,
            deputy: *deputy,
            main_shown: *main_shown,
            deputy_shown: *deputy_shown,
        });
    }
    s
}

fn revealed(events: &[Event]) -> Vec<(Seat, G)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::GeneralRevealed { seat, general, .. } => Some((*seat, *general)),
            _ => None,
        })
        .collect()
}

/// H-REV-9: a hidden 关羽 uses a red card as 杀 by 武圣; 关羽 is revealed (his faction fixed) as
/// the converted card is used, before it is announced. His deputy stays hidden.
#[test]
fn h_rev_9_a_converted_card_reveals_its_general_as_it_is_used() {
    let mut s = table(&[
        (G::HegGuanyu, G::HegZhangfei, false, false),
        (G::HegCaoren, G::HegDianwei, true, false),
    ]);
    seat(&mut s, 0).hand = cards(&[Peach]);
    let mut c = Check::new(s);
    c.events.clear();
    assert!(c
        .game
        .skills_of(Seat(0))
        .iter()
        .all(|d| d.id != SkillId::Wusheng));
    let Some(wusheng) = c.find(0, |_, skill, t| {
        skill == Some(SkillId::Wusheng) && t == [Seat(1)]
    }) else {
        panic!(
            "武圣 is offered while 关羽 is hidden: {:#?}",
            c.game.prompt_for(Seat(0))
        );
    };
    c.act(0, wusheng);
    assert_eq!(revealed(&c.events), vec![(Seat(0), G::HegGuanyu)]);
    let at = |pred: fn(&Event) -> bool| c.events.iter().position(pred).unwrap();
    assert!(
        at(|e| matches!(e, Event::GeneralRevealed { .. }))
            < at(|e| matches!(e, Event::CardUsed { .. })),
        "revealed before the 杀 is used"
    );
    let duo = c.game.duo(Seat(0)).unwrap();
    assert!(duo.main_shown && !duo.deputy_shown);
    assert_eq!(c.game.faction(Seat(0)), Some(Camp::Shu));
    c.pass(1);
    assert_eq!(c.hp(1), 3);
}

/// H-REV-2, H-REW-4: a hidden 黄盖 (deputy, 周瑜 shown) uses 苦肉 in his play phase. Showing him
/// completes a 珠联璧合 pair with a leftover half: the rewards come first (draw 2, then draw 1),
/// then 苦肉 resolves (lose 1 HP, draw 2).
#[test]
fn h_rev_2_an_active_skill_reveals_first_and_the_rewards_come_before_it() {
    let mut s = table(&[
        (G::HegZhouyu, G::HegHuanggai, true, false),
        (G::HegCaoren, G::HegDianwei, true, false),
    ]);
    s.draw_pile_top = cards(&[Slash, Slash, Jink, Jink, Jink, Jink]);
    let mut c = Check::new(s);
    c.events.clear();
    assert_eq!(c.hp(0), 3);
    c.skill(0, SkillId::Kurou);
    assert_eq!(revealed(&c.events), vec![(Seat(0), G::HegHuanggai)]);
    assert_eq!(c.hp(0), 3, "苦肉 waits for the rewards");
    assert!(c.is_asked(0, |k| *k
        == PromptKind::Choose {
            cause: Cause::Skill(SkillId::Mingzhi)
        }));
    c.act(
        0,
        Action::Option {
            index: mingzhi::DRAW_TWO,
        },
    );
    c.act(
        0,
        Action::Option {
            index: mingzhi::DRAW_ONE,
        },
    );
    assert_eq!(c.hand(0), vec![Slash, Slash, Jink, Jink, Jink]);
    assert_eq!(c.hp(0), 2, "then 苦肉");
    assert_eq!(
        c.game.prompt_for(Seat(0)).map(|p| &p.kind),
        Some(&PromptKind::Play)
    );
}

/// H-REV-2 (a): a hidden 卧龙 targeted by 杀 may use 八阵 for the 闪 (revealing him); passing
/// keeps him hidden.
#[test]
fn h_rev_2_a_skill_standing_in_for_a_card() {
    let mut s = table(&[
        (G::HegCaoren, G::HegDianwei, true, false),
        (G::HegWolong, G::HegPangtong, false, false),
    ]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    s.draw_pile_top = cards(&[Peach]);
    let mut c = Check::new(s);
    c.events.clear();
    c.card(0, Slash, &[1]);
    assert!(c.allows(
        1,
        &Action::Skill {
            skill: SkillId::Bazhen,
            cards: Vec::new(),
            targets: Vec::new()
        }
    ));
    c.skill(1, SkillId::Bazhen);
    assert_eq!(revealed(&c.events), vec![(Seat(1), G::HegWolong)]);
    assert_eq!(c.hp(1), 3, "the red judgment gave the 闪");
}

/// H-REV-10: a hidden 郭嘉 who takes damage is not asked about 遗计 (the question alone would
/// tell the table who he is); nobody but the damage's own windows is asked.
#[test]
fn h_rev_10_a_hidden_trigger_skill_does_not_prompt() {
    let mut s = table(&[
        (G::HegCaoren, G::HegDianwei, true, false),
        (G::HegGuojia, G::HegSimayi, false, false),
    ]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    let mut c = Check::new(s);
    c.events.clear();
    c.card(0, Slash, &[1]).pass(1);
    assert_eq!(c.hp(1), 2);
    assert!(revealed(&c.events).is_empty());
    assert_eq!(
        c.game.prompt_for(Seat(0)).map(|p| &p.kind),
        Some(&PromptKind::Play)
    );
}

/// A table where seat 2's hidden 郭嘉 (main, pre-shown as `preshown` says) is hit by seat 1's 杀.
fn guojia_hit(preshown: bool) -> Check {
    let mut s = table(&[
        (G::HegGuanyu, G::HegZhangfei, true, false),
        (G::HegGuojia, G::HegSimayi, false, false),
    ]);
    seat(&mut s, 0).hand = cards(&[Slash]);
    s.draw_pile_top = cards(&[Jink, Jink, Jink, Jink]);
    let mut c = Check::new(s);
    c.game.duos[1].main_preshown = preshown;
    c.events.clear();
    c.card(0, Slash, &[1]).pass(1);
    c
}

fn reveal_prompt() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Mingzhi),
    }
}

fn invoked(events: &[Event], skill: SkillId) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::SkillInvoked { skill: s, .. } if *s == skill))
}

/// H-REV-10, H-REV-2: a pre-shown hidden 郭嘉 who takes damage is asked whether to reveal him for
/// 遗计 — a 明置 choice, which names no skill to the others; yes reveals him, then 遗计 resolves.
#[test]
fn h_rev_10_a_preshown_trigger_asks_to_reveal_first() {
    let mut c = guojia_hit(true);
    assert_eq!(c.prompt(1).kind, reveal_prompt());
    assert!(c.allows(
        1,
        &Action::Skill {
            skill: SkillId::Yiji,
            cards: Vec::new(),
            targets: Vec::new()
        }
    ));
    let seen = c.game.view(Seat(0)).waiting;
    assert_eq!(seen.len(), 1);
    assert_eq!(
        seen[0].kind,
        reveal_prompt(),
        "others see a 明置 choice only"
    );
    c.skill(1, SkillId::Yiji);
    assert_eq!(revealed(&c.events), vec![(Seat(1), G::HegGuojia)]);
    assert!(invoked(&c.events, SkillId::Yiji), "then 遗计 resolves");
    assert_eq!(c.game.faction(Seat(1)), Some(Camp::Wei));
}

/// Declining keeps 郭嘉 hidden and 遗计 unused; without pre-show he is not asked at all.
#[test]
fn h_rev_10_declining_or_not_preshown_stays_hidden() {
    let mut c = guojia_hit(true);
    c.pass(1);
    assert!(revealed(&c.events).is_empty());
    assert!(!invoked(&c.events, SkillId::Yiji));
    assert_eq!(c.prompt(0).kind, PromptKind::Play);

    let c = guojia_hit(false);
    assert!(revealed(&c.events).is_empty());
    assert_eq!(c.prompt(0).kind, PromptKind::Play);
}

/// H-REV-7: a hidden 魏延's 狂骨 (compulsory) is optional while he is hidden: pre-shown, dealing
/// damage at distance 1 asks whether to reveal him; yes reveals him and he recovers 1, no keeps
/// him hidden and wounded.
#[test]
fn h_rev_7_a_hidden_compulsory_skill_may_be_declined() {
    let run = |reveal: bool| {
        let mut s = table(&[
            (G::HegWeiyan, G::HegHuangzhong, false, false),
            (G::HegCaoren, G::HegDianwei, true, false),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).hp = Some(2);
        let mut c = Check::new(s);
        c.game.duos[0].main_preshown = true;
        c.events.clear();
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.prompt(0).kind, reveal_prompt());
        if reveal {
            c.skill(0, SkillId::Kuanggu);
        } else {
            c.pass(0);
        }
        c
    };
    let c = run(true);
    assert_eq!(revealed(&c.events), vec![(Seat(0), G::HegWeiyan)]);
    assert_eq!(c.hp(0), 3);
    let c = run(false);
    assert!(revealed(&c.events).is_empty());
    assert_eq!(c.hp(0), 2);
}

/// H-REV-10: a pre-show covers the generals it names — 郭嘉 as the deputy of a seat that
/// pre-showed only its main general is not asked.
#[test]
fn h_rev_10_preshow_is_per_general() {
    let mut s = table(&[
        (G::HegGuanyu, G::HegZhangfei, true, false),
        (G::HegSimayi, G::HegGuojia, false, false),
    ]);
    seat(&mut s, 0).hand = cards(&[Slash, Jink]);
    let mut c = Check::new(s);
    c.game.duos[1].main_preshown = true;
    c.card(0, Slash, &[1]).pass(1);
    // 司马懿's 反馈 (pre-shown) asks; 遗计 (the deputy's) does not.
    assert_eq!(c.prompt(1).kind, reveal_prompt());
    assert!(!c.allows(
        1,
        &Action::Skill {
            skill: SkillId::Yiji,
            cards: Vec::new(),
            targets: Vec::new()
        }
    ));
}

/// H-HID-2: a character with no general shown is sexless — 雌雄双股剑 does not trigger on it —, one
/// with one shown has that general's gender, and with both shown the main general's.
#[test]
fn h_hid_2_a_hidden_character_is_sexless() {
    use crate::card::CardKind::DoubleSwords;
    use crate::scenario::CardSpec;
    use crate::seat::Gender;
    let slash_at = |target_shown: bool| {
        let mut s = table(&[
            (G::HegDaqiao, G::HegXiaoqiao, true, false),
            (G::HegCaoren, G::HegDianwei, target_shown, false),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = vec![CardSpec::kind(DoubleSwords)];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        c
    };
    let c = slash_at(false);
    assert_eq!(c.game.gender(Seat(1)), None);
    assert!(
        !c.has_prompt(0),
        "no 雌雄双股剑 against a sexless character"
    );
    let c = slash_at(true);
    assert_eq!(c.game.gender(Seat(1)), Some(Gender::Male));
    assert!(c.is_asked(0, |k| *k
        == PromptKind::Confirm {
            skill: SkillId::DoubleSwords
        }));

    // 大乔 (female) main, 甘宁 (male) deputy: the deputy alone, then both (the main's).
    let mut c = Check::new(table(&[
        (G::HegDaqiao, G::HegGanning, false, false),
        (G::HegCaoren, G::HegDianwei, true, false),
    ]));
    assert_eq!(c.game.gender(Seat(0)), None);
    c.game.reveal_general(Seat(0), true);
    assert_eq!(c.game.gender(Seat(0)), Some(Gender::Male));
    c.game.reveal_general(Seat(0), false);
    assert_eq!(c.game.gender(Seat(0)), Some(Gender::Female));
}

/// H-EX-7 (N = 4): X and Y hidden, both with 魏 main generals, no 魏 determined: when the last
/// other character dies, X would be 魏 (S + 1 = 1) and then Y (S + 1 = 2 ≤ 2) → the game ends, 魏
/// wins. With three such hidden 魏 the third would be a careerist → the game goes on.
#[test]
fn h_ex_7_an_undetermined_pair_ends_the_game() {
    let run = |three: bool| {
        let third = if three {
            (G::HegXiahoudun, G::HegXiahouyuan, false, false)
        } else {
            (G::HegGanning, G::HegLvmeng, true, false)
        };
        let mut s = table(&[
            (G::HegCaoren, G::HegDianwei, false, false),
            (G::HegGuanyu, G::HegZhangfei, true, false),
            (G::HegZhangliao, G::HegXuchu, false, false),
            third,
        ]);
        if !three {
            seat(&mut s, 3).alive = false;
        }
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hp = Some(1);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        c.pass_saves();
        c
    };
    let c = run(false);
    let outcome = c.game.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Camp::Wei));
    assert_eq!(outcome.winners, vec![Seat(0), Seat(2)]);
    let c = run(true);
    assert!(
        c.game.outcome().is_none(),
        "the third 魏 would be a careerist"
    );
}

/// H-REV-8: a hidden 张飞's 咆哮 does nothing until shown, but a second 杀 legal only through it
/// is offered, and using it reveals 张飞 (not 刘备) as it is used.
#[test]
fn h_rev_8_a_second_slash_by_a_hidden_paoxiao_reveals_it() {
    let mut s = table(&[
        (G::HegLiubei, G::HegZhangfei, false, false),
        (G::HegCaoren, G::HegDianwei, true, true),
    ]);
    seat(&mut s, 0).hand = cards(&[Slash, Slash]);
    seat(&mut s, 1).hp = Some(4);
    let mut c = Check::new(s);
    crate::testing::without_preshow(&mut c.game, Seat(0));
    c.card(0, Slash, &[1]);
    c.pass(1);
    assert!(
        !c.game.duo(Seat(0)).unwrap().deputy_shown,
        "the first needs no 咆哮"
    );
    c.events.clear();
    c.card(0, Slash, &[1]);
    assert_eq!(revealed(&c.events), vec![(Seat(0), G::HegZhangfei)]);
    let duo = c.game.duo(Seat(0)).unwrap();
    assert!(duo.deputy_shown && !duo.main_shown);
    c.pass(1);
    assert_eq!(c.hp(1), 2);
}
