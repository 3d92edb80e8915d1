-- docs/checkout.md "Stock": a placement's stock is taken by the statement that writes its order
-- (a CTE of the order's INSERT reads take_stock before the order number is taken), so the dishes'
-- row locks are held from that statement to the commit, one round trip less than when the stock
-- had a statement of its own (docs/decisions.md "Issue 16 — stock taken by the order's own
-- statement"). The counted dishes are locked in id order, then each is taken only where
-- stock_quantity >= the quantity; a dish that could not be taken raises SQLSTATE TF004 with its id
-- as the DETAIL, which the app answers 409 out_of_stock (the whole statement, and its transaction,
-- roll back). `wanted` is a JSON array of {"id": <dish>, "q": <quantity>}, one per dish.
CREATE FUNCTION "take_stock"(wanted jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  short uuid;
BEGIN
  WITH w AS (SELECT * FROM jsonb_to_recordset(wanted) AS x(id uuid, q integer)),
    locked AS (
      SELECT m."id" FROM "menu_items" m JOIN w ON w.id = m."id"
      WHERE m."stock_quantity" IS NOT NULL ORDER BY m."id" FOR NO KEY UPDATE OF m
    ),
    taken AS (
      UPDATE "menu_items" m SET "stock_quantity" = m."stock_quantity" - w.q FROM w
      WHERE w.id = m."id" AND m."id" IN (SELECT "id" FROM locked) AND m."stock_quantity" >= w.q
      RETURNING m."id"
    )
  SELECT "id" INTO short FROM locked WHERE "id" NOT IN (SELECT "id" FROM taken) ORDER BY "id" LIMIT 1;
  IF short IS NOT NULL THEN
    RAISE EXCEPTION 'dish % is short of stock', short USING ERRCODE = 'TF004', DETAIL = short::text;
  END IF;
END
$$;
