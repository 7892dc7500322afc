//! 制衡 Zhiheng, 国战 text — 孙权 (国战, H-SK-zhiheng).
//!
//! 出牌阶段限一次，你可以弃置一至X张牌（X为你的体力上限），然后摸等量的牌。
//! Once per play phase, you may discard one to X cards (X = your max HP), then draw that many.
//!
//! The identity 制衡 (`zhiheng.rs`) has no upper limit; the procedure is the same (hand and/or
//! equipment; `Pass` cancels without using it up).

use crate::def::skill::{Active, Limit, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Step;

use super::zhiheng;

pub static DEF: SkillDef = SkillDef {
    tags: Tags::NONE,
    limit: Some(Limit::ONCE_PER_PHASE),
    active: Some(Active {
        can_use: zhiheng::can_use,
    }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::ZhihengHeg,
        "制衡",
        "Zhiheng",
        "出牌阶段限一次，你可以弃置一至X张牌（X为你的体力上限），然后摸等量的牌。",
        "Once per play phase, you may discard one to X cards (X = your max HP), then draw that many.",
    )
};

/// 制衡: at most as many cards as the max HP (H-SK-zhiheng).
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let max_hp = game.seat(frame.owner).max_hp;
    zhiheng::balance(game, frame, SkillId::ZhihengHeg, max_hp)
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::{Cause, Choices, PromptKind};
    use crate::testing::{cards, seat, Check};

    /// H-SK-zhiheng: 国战 孙权 + 周泰 (max HP 4) with six cards may discard at most four.
    #[test]
    fn h_sk_zhiheng_at_most_max_hp_cards() {
        let mut s = table(&[
            (G::HegSunquan, G::HegZhoutai, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Jink, Jink, Slash, Slash, Peach]);
        seat(&mut s, 0).equip = cards(&[Crossbow]);
        let mut c = Check::new(s);
        assert_eq!(c.game.seat(crate::seat::Seat(0)).max_hp, 4);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::ZhihengHeg,
                cards: Vec::new(),
                targets: Vec::new(),
            },
        );
        let p = c.prompt(0).clone();
        assert_eq!(
            p.kind,
            PromptKind::Choose {
                cause: Cause::Skill(SkillId::ZhihengHeg)
            }
        );
        let Choices::Cards { from, max, .. } = &p.choices else {
            panic!("{p:?}");
        };
        assert_eq!((from.len(), *max), (6, 4));
        let four = from[..4].to_vec();
        assert!(!c.allows(
            0,
            &Action::Cards {
                cards: from.clone()
            }
        ));
        c.act(0, Action::Cards { cards: four });
        assert_eq!(c.hand(0).len() + c.equipment(0).len(), 6);
        c.assert_conserved();
    }
}
