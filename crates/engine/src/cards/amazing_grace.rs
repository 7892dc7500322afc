//! 五谷丰登 Amazing Grace — 普通锦囊.
//!
//! 出牌阶段，对所有角色使用。你亮出牌堆顶等于目标角色数的牌，每名目标角色获得其中一张。
//! Use on every character: reveal as many cards from the top of the draw pile as there are
//! targets; each target, in seat order from you, takes one. Unpicked cards are discarded.

use crate::action::{Action, Pick};
use crate::card::{CardKind, Category};
use crate::def::card::{always, everyone, CardDef, Target};
use crate::game::Game;
use crate::prompt::{Choices, Prompt, PromptKind};
use crate::resolve::{EffectFrame, Step};
use crate::zone::Zone;

pub static DEF: CardDef = CardDef {
    kind: CardKind::AmazingGrace,
    name_zh: "五谷丰登",
    name_en: "Amazing Grace",
    text_zh:
        "出牌阶段，对所有角色使用。你亮出牌堆顶等于目标角色数的牌，每名目标角色获得其中的一张。",
    text_en:
        "Use on every character: reveal that many cards from the draw pile; each target takes one.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Implicit(everyone),
    can_use: always,
    on_start: Some(reveal),
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn reveal(game: &mut Game, use_id: usize) {
    let n = game.card_use(use_id).targets.len();
    let cards = game.take_from_top(n);
    game.move_cards(&cards, Zone::Processing);
    game.card_use_mut(use_id).pool = cards;
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let pool: Vec<_> = game
        .card_use(frame.use_id)
        .pool
        .iter()
        .copied()
        .filter(|c| game.table.zone_of(*c) == Zone::Processing)
        .collect();
    if pool.is_empty() {
        return Step::Done;
    }
    if frame.step == 0 {
        frame.step = 1;
        let actions = pool
            .iter()
            .map(|c| Action::Pick {
                pick: Pick::Card { card: *c },
            })
            .collect();
        return Step::ask(Prompt::new(
            frame.target,
            PromptKind::Pool { cards: pool },
            Choices::actions(actions),
        ));
    }
    if let Some((
        _,
        Action::Pick {
            pick: Pick::Card { card },
        },
    )) = game.take_answer()
    {
        if pool.contains(&card) {
            game.move_cards(&[card], Zone::Hand(frame.target));
        }
    }
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::{self, *};
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn take(c: &mut Check, seat: u8, kind: CardKind) {
        let PromptKind::Pool { cards } = &c.prompt(seat).kind else {
            panic!("seat {seat} is not picking: {:?}", c.prompt(seat));
        };
        let card = *cards
            .iter()
            .find(|id| c.game.card(**id).kind == kind)
            .expect("not in the pool");
        c.act(
            seat,
            Action::Pick {
                pick: Pick::Card { card },
            },
        );
    }

    #[test]
    fn reveals_one_card_per_character_and_each_takes_one() {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[AmazingGrace]);
        s.draw_pile_top = cards(&[Peach, Jink, Slash]);
        let mut c = Check::new(s);
        c.card(0, AmazingGrace, &[]).pass_windows();
        assert!(c.is_asked(
            0,
            |k| matches!(k, PromptKind::Pool { cards } if cards.len() == 3)
        ));
        take(&mut c, 0, Jink);
        c.pass_windows();
        take(&mut c, 1, Peach);
        c.pass_windows();
        assert!(c.is_asked(
            2,
            |k| matches!(k, PromptKind::Pool { cards } if cards.len() == 1)
        ));
        take(&mut c, 2, Slash);
        assert_eq!(
            (c.hand(0), c.hand(1), c.hand(2)),
            (vec![Jink], vec![Peach], vec![Slash])
        );
        assert_eq!(c.discard_pile(), vec![AmazingGrace]);
        c.assert_conserved();
    }
}
