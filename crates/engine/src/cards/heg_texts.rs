//! The 国战 texts of cards the 国战 deck shares with the identity game (`hegemony.md` §7.1),
//! tested at 国战 tables with the 国战 deck (`CardRules::Hegemony`): H-CARD-GEN-2 (雌雄双股剑
//! and sexless hidden characters), H-CARD-TAOYUAN (桃园结义 at full HP), H-CARD-QINGGANG
//! (青釭剑 and 八阵). The rules live in the cards' own files.

use crate::action::Action;
use crate::card::CardKind::*;
use crate::cards::heg_test::{heg_table, pass_window, Side};
use crate::ids::{GeneralId as G, SkillId};
use crate::prompt::PromptKind;
use crate::scenario::{CardSpec, ScenarioDuo};
use crate::seat::Seat;
use crate::testing::{cards, seat, Check};

/// A 蜀 seat showing 黄月英 (female), 卧龙 hidden.
fn huang_yueying() -> ScenarioDuo {
    ScenarioDuo {
        main: G::HegHuangyueying,
        deputy: G::HegWolong,
        main_shown: true,
        deputy_shown: false,
    }
}

fn double_swords_asked(c: &Check) -> bool {
    c.is_asked(0, |k| {
        *k == PromptKind::Confirm {
            skill: SkillId::DoubleSwords,
        }
    })
}

/// H-CARD-GEN-2: a hidden character has no gender — a female wielder's 雌雄双股剑 does not
/// trigger on it (the identity texts would: a hidden seat plays the male white general).
#[test]
fn h_card_gen_2_a_hidden_character_is_of_no_gender() {
    let mut s = heg_table(&[Side::Shu, Side::Hidden, Side::Wei]);
    seat(&mut s, 0).duo = Some(huang_yueying());
    seat(&mut s, 0).hand = cards(&[Slash, Slash]);
    seat(&mut s, 0).equip = vec![CardSpec::kind(DoubleSwords)];
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]);
    assert!(!double_swords_asked(&c), "hidden: no gender");
}

/// H-CARD-GEN-2: a shown male character is of the other gender.
#[test]
fn h_card_gen_2_a_shown_character_has_its_generals_gender() {
    let mut s = heg_table(&[Side::Shu, Side::Hidden, Side::Wei]);
    seat(&mut s, 0).duo = Some(huang_yueying());
    seat(&mut s, 0).hand = cards(&[Slash]);
    seat(&mut s, 0).equip = vec![CardSpec::kind(DoubleSwords)];
    let mut c = Check::new(s);
    c.card(0, Slash, &[2]);
    assert!(double_swords_asked(&c));
}

/// H-CARD-TAOYUAN: only the wounded are targets; a seat at full HP gets no window.
#[test]
fn h_card_taoyuan_no_window_for_a_seat_at_full_hp() {
    let mut s = heg_table(&[Side::Shu, Side::Wei, Side::Wu, Side::Qun]);
    seat(&mut s, 0).hand = cards(&[GodSalvation]);
    seat(&mut s, 2).hp = Some(2);
    let mut c = Check::new(s);
    c.card(0, GodSalvation, &[]);
    assert!(c.is_asked(1, |k| matches!(
        k,
        PromptKind::Nullify {
            target: Some(Seat(2)),
            ..
        }
    )));
    pass_window(&mut c);
    assert_eq!(c.hp(2), 3);
    assert!(
        !c.game
            .prompts()
            .iter()
            .any(|p| matches!(p.kind, PromptKind::Nullify { .. })),
        "nobody else has a window"
    );
    assert_eq!(c.discard_pile(), vec![GodSalvation]);
}

/// H-CARD-QINGGANG: 青釭剑's 杀 ignores 八阵 as it ignores an armor.
#[test]
fn h_card_qinggang_ignores_bazhen() {
    let mut s = heg_table(&[Side::Wei, Side::Shu, Side::Wu]);
    seat(&mut s, 1).duo = Some(ScenarioDuo {
        main: G::HegWolong,
        deputy: G::HegPangtong,
        main_shown: true,
        deputy_shown: false,
    });
    seat(&mut s, 0).hand = cards(&[Slash, Slash]);
    seat(&mut s, 0).equip = vec![CardSpec::kind(QinggangSword)];
    let mut c = Check::new(s);
    c.card(0, Slash, &[1]);
    let bazhen = Action::Skill {
        skill: SkillId::Bazhen,
        cards: Vec::new(),
        targets: Vec::new(),
    };
    assert!(!c.prompt(1).legal_actions(64).contains(&bazhen));
}
