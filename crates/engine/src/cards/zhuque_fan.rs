//! 朱雀羽扇 Zhuque Fan — 武器, range 4 (军争).
//!
//! 你可以将一张普通【杀】当火【杀】使用。
//! You may use a normal 杀 as a 火杀. A conversion (视为技) of one physical normal 杀 card from
//! the hand, whenever a 杀 is used (in the play phase, or in answer to 借刀杀人) but not when one
//! is played (打出: 决斗, 南蛮入侵). A 杀 another skill makes (武圣, 龙胆, 丈八蛇矛) is not
//! converted again (`docs/rulings.md`).

use crate::card::{Card, CardKind, Nature, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{CardMode, SkillDef, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::ZhuqueFan,
    [
        "朱雀羽扇",
        "Zhuque Fan",
        "你可以将一张普通【杀】当火【杀】使用。",
        "You may use a normal Slash as a Fire Slash.",
    ],
    Slot::Weapon,
    4,
    Some(SkillId::ZhuqueFan),
);

pub static SKILL: SkillDef = SkillDef {
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: false,
        as_kind: normal_slash,
        accepts: None,
        shared_suit: false,
        usable: when_used,
        nature: Nature::Fire,
    }),
    ..SkillDef::named(
        SkillId::ZhuqueFan,
        "朱雀羽扇",
        "Zhuque Fan",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn normal_slash(cards: &[Card]) -> Option<CardKind> {
    match cards {
        [card] if card.kind == CardKind::Slash && card.nature.is_normal() => Some(CardKind::Slash),
        _ => None,
    }
}

fn when_used(_: &Game, _: Seat, mode: CardMode) -> bool {
    mode != CardMode::PlayInResponse
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Nature;
    use crate::event::Event;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table160, Check};

    #[test]
    fn a_normal_slash_used_as_a_fire_slash() {
        let mut s = table160(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[ZhuqueFan]);
        seat(&mut s, 1).equip = cards(&[Vine]);
        let mut c = Check::new(s);
        let fan = c
            .find(0, |_, skill, t| {
                skill == Some(SkillId::ZhuqueFan) && t.len() == 1
            })
            .expect("the fan converts the 杀");
        c.act(0, fan).pass(1);
        assert_eq!(c.hp(1), 2, "fire: 藤甲 adds one");
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                nature: Nature::Fire,
                ..
            }
        )));
    }

    #[test]
    fn not_when_a_slash_is_played_in_a_duel() {
        let mut s = table160(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Duel]);
        seat(&mut s, 1).hand = cards(&[Slash]);
        seat(&mut s, 1).equip = cards(&[ZhuqueFan]);
        let mut c = Check::new(s);
        c.card(0, Duel, &[1]).pass_windows();
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })));
        assert!(c
            .find(1, |_, skill, _| skill == Some(SkillId::ZhuqueFan))
            .is_none());
    }
}
