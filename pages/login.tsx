import type { GetServerSideProps } from "next";

import { LoginPage } from "@/components/auth/login-page";
import { loginPageAnswer, type LoginPageProps } from "@/lib/login-page";

// No React, no Next client: the page's one inline script does what the form needs (lib/login-page).
export const config = { unstable_runtimeJS: false };

export const getServerSideProps: GetServerSideProps<LoginPageProps> = async ({ req, query }) => {
  const answer = await loginPageAnswer(req.headers, query.next);
  return "redirect" in answer ? { redirect: { destination: answer.redirect, permanent: false } } : { props: answer.props };
};

export default LoginPage;
