-- A mail address keyed and lower-cased (ASCII letters only), for manabi_mail_key.
CREATE OR REPLACE FUNCTION public.manabi_mail_lower(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(public.manabi_name_key(t), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
$$;
